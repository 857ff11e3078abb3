import type { SiwxFeature } from '@allaccess/modal'
import { useModalAccount, useModalFeature, useStore } from '@allaccess/modal/react'
import { useAsync } from '../lib/useAsync'
import { cloud, siwx } from '../modal'

/**
 * The holders' area: members-only content that the cloud gives only to a live sign-in session whose address
 * holds a pass — the cloud checks the chain, this page decides nothing. Sign out revokes the session.
 */
export default function HoldersArea() {
  const account = useModalAccount()
  const feature = useModalFeature(siwx)
  if (!feature || !account.address || !account.network) return null
  return <Area feature={feature} address={account.address} chainId={account.network.caipNetworkId} />
}

function Area({ feature, address, chainId }: { feature: SiwxFeature; address: string; chainId: string }) {
  const status = useStore(feature.state, (state) => state.status)
  const signedIn = status === 'signedIn'
  const area = useAsync(signedIn ? `${chainId}:${address}` : null, async () =>
    (await cloud.siwx()).holdersArea(chainId, address),
  )
  const noPass = area.data?.content === null
  return (
    <section className="holders" aria-labelledby="holders-title">
      <h2 id="holders-title">Holders’ area</h2>
      {status === 'checking' || status === 'idle' ? <p>Checking your sign-in…</p> : null}
      {status === 'unsigned' || status === 'signing' ? (
        <>
          <p>Pass holders get in here. Sign in with your wallet to prove the address is yours.</p>
          <button type="button" className="button" onClick={feature.requestSignIn}>
            Sign in
          </button>
        </>
      ) : null}
      {signedIn ? (
        <>
          {area.loading && !area.data ? <p>Opening the door…</p> : null}
          {area.data?.content ? (
            <article className="holders-content">
              <h3>{area.data.content.title}</h3>
              <p>{area.data.content.body}</p>
            </article>
          ) : null}
          {noPass ? (
            <p role="alert">This address holds no All-Access Pass yet: mint one, then check again.</p>
          ) : area.error ? (
            <p className="error" role="alert">
              The holders’ area can’t be reached right now.
            </p>
          ) : null}
          <div className="holders-actions">
            {area.error || noPass ? (
              <button type="button" className="button" onClick={() => void area.refetch()}>
                Check again
              </button>
            ) : null}
            <button type="button" className="button secondary" onClick={() => void feature.signOut()}>
              Sign out
            </button>
          </div>
        </>
      ) : null}
    </section>
  )
}
