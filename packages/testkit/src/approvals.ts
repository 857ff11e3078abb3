import { userRejected } from './errors'
import type { ApprovalDecision, ApprovalPolicy, HeldRequest, WalletRequest } from './types'

/** A one-shot answer queued by the test for the next user-facing request it matches. */
interface QueuedAnswer {
  method?: string
  decide: ApprovalPolicy
}

const approveAll: ApprovalPolicy = () => 'approve'

/** Stands in for the human at the wallet pop-up: queued one-shot answers first, then the policy. */
export class ApprovalDesk {
  private policy: ApprovalPolicy = approveAll
  private readonly queued: QueuedAnswer[] = []

  setPolicy(policy: ApprovalPolicy): void {
    this.policy = policy
  }

  rejectNext(method?: string): void {
    this.queued.push({ method, decide: () => 'reject' })
  }

  holdNext(method?: string): HeldRequest {
    let arrived: (request: WalletRequest) => void = () => {}
    let answer: (decision: ApprovalDecision) => void = () => {}
    const request = new Promise<WalletRequest>((resolve) => {
      arrived = resolve
    })
    const decision = new Promise<ApprovalDecision>((resolve) => {
      answer = resolve
    })
    this.queued.push({
      method,
      decide: (held) => {
        arrived(held)
        return decision
      },
    })
    return { request, approve: () => answer('approve'), reject: () => answer('reject') }
  }

  /** Resolves when the request is approved; throws the EIP-1193 4001 error when it is rejected. */
  async ask(request: WalletRequest): Promise<void> {
    const index = this.queued.findIndex(
      (answer) => answer.method === undefined || answer.method === request.method,
    )
    const decide = index === -1 ? this.policy : (this.queued.splice(index, 1)[0]?.decide ?? this.policy)
    if ((await decide(request)) === 'reject') throw userRejected()
  }
}
