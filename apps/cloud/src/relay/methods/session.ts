import { approveSessionParams, proposeSessionParams } from '../schema.js'
import type { MethodHandler } from './context.js'

/** Tags of the session handshake, as the official clients expect them. */
export const SessionTag = { proposal: 1100, proposalResponse: 1101, settlement: 1102 } as const

/**
 * `wc_proposeSession`: the dapp never subscribes its pairing topic itself, so the relay subscribes it
 * (to hear the wallet's answer) and publishes the proposal there for the wallet.
 */
export const proposeSession: MethodHandler = async ({ relay, subscriber }, params) => {
  const { pairingTopic, sessionProposal, ttl, attestation } = proposeSessionParams.parse(params)
  await relay.subscribe(subscriber, [pairingTopic])
  await relay.publish(subscriber, [
    { topic: pairingTopic, message: sessionProposal, tag: SessionTag.proposal, ttl, attestation },
  ])
  return true
}

/**
 * `wc_approveSession`: the wallet never subscribes the session topic itself, so the relay subscribes it,
 * answers the proposal on the pairing topic and publishes the settlement on the session topic.
 */
export const approveSession: MethodHandler = async ({ relay, subscriber }, params) => {
  const { sessionTopic, pairingTopic, sessionProposalResponse, sessionSettlementRequest, ttl } =
    approveSessionParams.parse(params)
  await relay.subscribe(subscriber, [sessionTopic])
  await relay.publish(subscriber, [
    { topic: pairingTopic, message: sessionProposalResponse, tag: SessionTag.proposalResponse, ttl },
    { topic: sessionTopic, message: sessionSettlementRequest, tag: SessionTag.settlement, ttl },
  ])
  return true
}
