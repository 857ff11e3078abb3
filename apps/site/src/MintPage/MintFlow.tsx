import { formatAddress } from '@allaccess/modal'
import { useModalAccount, useSecondsLeft } from '@allaccess/modal/react'
import { throttleSeconds, throttleText } from '@allaccess/protocol'
import { useState } from 'react'
import { formatEther } from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'
import { env } from '../env'
import { modal } from '../modal'
import { chain, chainClient } from '../wagmi'
import { CopyButton } from './CopyButton'
import { describeMintError } from './describeMintError'
import { devnetFundingCommand, isDevnet } from './devnetFunding'
import { GasCoveredMint, mintGasCovered, useGasCovered } from './gasCovered'
import { requestTestEth } from './requestTestEth'
import { transactionUrl } from './transactionUrl'
import { useMint } from './useMint'
import type { usePassData } from './usePassData'

export type MintFlowProps = { data: ReturnType<typeof usePassData> }

/**
 * The connected part of the page. Loaded only once a wallet is connected, so first-time visitors don't
 * download the transaction-signing code.
 */
export default function MintFlow({ data }: MintFlowProps) {
  // The page's own transactions change what the modal's Account shows: it reads the account again.
  const { state, mint, retry } = useMint((hash) => Promise.all([data.refetch(), modal.refreshAccount(hash)]))
  const sponsored = useGasCovered(useModalAccount().address)

  if (data.mintedCount > 0n) {
    return (
      <>
        {state.step === 'confirmed' ? <p className="success">Minted! Welcome aboard.</p> : null}
        <p>You hold All-Access Pass{data.ownedTokenId === undefined ? '' : ` #${data.ownedTokenId}`}.</p>
        {state.step === 'confirmed' ? <TransactionLink hash={state.receipt.transactionHash} /> : null}
      </>
    )
  }
  switch (state.step) {
    case 'confirm':
      return <p>Confirm the mint in your wallet…</p>
    case 'pending':
    case 'confirmed':
      return (
        <>
          <p>{state.step === 'pending' ? 'Transaction pending…' : 'Confirmed. Loading your pass…'}</p>
          <TransactionLink hash={state.step === 'pending' ? state.hash : state.receipt.transactionHash} />
        </>
      )
    case 'failed':
      return (
        <>
          <p className="error" role="alert">
            {describeMintError(state.error)}
          </p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </>
      )
  }
  const { price, totalMinted, maxSupply, balance } = data
  if (price === undefined || totalMinted === undefined || maxSupply === undefined)
    return <p>Loading the pass…</p>
  if (totalMinted >= maxSupply) return <p>Sold out. All {String(maxSupply)} passes are minted.</p>
  if (balance !== undefined && balance < price) {
    return <NotEnoughEth missing={price - balance} price={price} recheck={data.refetch} />
  }
  return (
    <>
      <GasCoveredMint sponsored={sponsored} onMint={() => void mint(price, mintGasCovered)} />
      <button
        type="button"
        className={sponsored ? 'button' : 'button primary'}
        onClick={() => void mint(price)}
      >
        Mint for {formatEther(price)} ETH
      </button>
    </>
  )
}

/** The hash shortened (the Copy button gives all of it), and the explorer's page when one is configured. */
function TransactionLink({ hash }: { hash: `0x${string}` }) {
  const explorerPage = transactionUrl(env.explorerUrl, hash)
  return (
    <div className="tx">
      <span>
        Transaction <code>{formatAddress(hash)}</code>
      </span>
      <CopyButton text={hash} label="Copy transaction hash" />
      {explorerPage ? (
        <a href={explorerPage} target="_blank" rel="noreferrer">
          View on explorer
        </a>
      ) : null}
    </div>
  )
}

/** The devnet's faucet (the cloud's): test ETH for the connected wallet, then the balance again. */
function GetTestEth({ address, recheck }: { address: string; recheck: () => Promise<void> }) {
  const [state, setState] = useState<{ busy: boolean; error?: string; retryAt?: number }>({ busy: false })
  // A throttled faucet (a 429) says the spec's text counting down, with the button held back until then.
  const waitSeconds = useSecondsLeft(state.retryAt)
  const get = async () => {
    setState({ busy: true })
    try {
      const hash = await requestTestEth({
        cloudUrl: env.cloudUrl,
        projectId: env.projectId,
        chainId: chain.id,
        address,
      })
      await waitForTransactionReceipt(chainClient, { hash, pollingInterval: 250 })
      await Promise.all([recheck(), modal.refreshAccount(hash)])
      setState({ busy: false })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const seconds = throttleSeconds(message)
      setState({
        busy: false,
        error: message,
        ...(seconds === undefined ? {} : { retryAt: Date.now() + seconds * 1000 }),
      })
    }
  }
  const throttled = state.retryAt !== undefined
  return (
    <>
      <button
        type="button"
        className="button primary"
        disabled={state.busy || waitSeconds > 0}
        onClick={() => void get()}
      >
        {state.busy ? 'Getting test ETH…' : 'Get test ETH'}
      </button>
      {throttled && waitSeconds > 0 ? (
        <p className="error" role="alert">
          {throttleText(waitSeconds)}
        </p>
      ) : !throttled && state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
    </>
  )
}

/** How much is missing, where test ETH comes from on the devnet, and a way to look again once it has arrived. */
function NotEnoughEth({
  missing,
  price,
  recheck,
}: {
  missing: bigint
  price: bigint
  recheck: () => Promise<void>
}) {
  const { address } = useModalAccount()
  const command =
    address && isDevnet(chain.id)
      ? devnetFundingCommand({ to: address, rpcUrl: env.chainRpcUrl ?? env.gatewayUrl })
      : null
  return (
    <>
      <p>
        Not enough ETH: you need {formatEther(missing)} ETH more (plus gas) to mint for {formatEther(price)}{' '}
        ETH.
      </p>
      {command && address ? (
        <>
          <p>This is the local devnet: its faucet sends this wallet 1 test ETH.</p>
          <GetTestEth address={address} recheck={recheck} />
          <p>
            Or import the funded dev key from the README into your wallet, or send this wallet 1 test ETH from
            it with Foundry’s cast:
          </p>
          <pre className="command">
            <code>{command}</code>
          </pre>
          <div className="tx">
            <CopyButton text={command} label="Copy the cast command" />
          </div>
        </>
      ) : null}
      <button type="button" className="button" onClick={() => void recheck()}>
        Check my balance again
      </button>
    </>
  )
}
