import { useEffect, useState } from 'react'
import type { ChainConnection } from '../../../../chains/createChains'
import { partsOf } from '../../../../chains/multiChain'
import { EMBEDDED_WALLET_ICON } from '../../../../embedded/embeddedWalletIcon'
import type { FeatureModule } from '../../../../kernel/feature'
import { formatAddress } from '../../../../kernel/formatAddress'
import { useStore } from '../../../../react/useStore'
import { useFeature, useModal, useModalAccount } from '../../../../ui/shell/hooks'
import { useViewStyles } from '../../../../ui/shell/viewStyles'
import type { ProfileWallets } from '../../createProfileWallets'
import { PROFILE_WALLETS_FEATURE_ID } from '../../options'
import { NAMESPACE_NAMES } from '../../texts'
import type { WalletDetail } from '../../walletDetails'
import { profileWalletsCss } from './profileWallets.css'

/** The feature by its id: the view can't import its module, which loads it. */
const feature = { id: PROFILE_WALLETS_FEATURE_ID } as FeatureModule<ProfileWallets, never>

/**
 * The Wallets view (docs/behaviour.md#profile-wallets): every open connection, grouped by namespace, the
 * current one marked; another one becomes current at a click, each disconnects on its own; add another wallet,
 * or disconnect all.
 */
export function ProfileWalletsView() {
  useViewStyles(profileWalletsCss)
  const modal = useModal()
  const wallets = useFeature(feature)
  const { connectionId } = useModalAccount()
  const { connections } = useStore({ getState: modal.getConnections, subscribe: modal.subscribeAccount })
  useStore(wallets.state)
  const details = useStore(wallets.details)
  // Each wallet's balance and name, read as it is listed (and again when its account or network changes).
  useEffect(() => {
    void wallets.loadDetails(connections.values())
  }, [wallets, connections])
  const [error, setError] = useState<string>()
  const act = (work: () => Promise<void>) => {
    setError(undefined)
    work().catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)))
  }
  return (
    <div className="stack">
      {/* Always in the page, so a failure is announced as it appears. */}
      <p className="error" role="alert" hidden={!error}>
        {error}
      </p>
      {wallets.groups().map((group) => (
        <section
          key={group.namespace}
          className="profile-wallet-group"
          aria-labelledby={`wallets-${group.namespace}`}
        >
          <h3 id={`wallets-${group.namespace}`}>{NAMESPACE_NAMES[group.namespace] ?? group.namespace}</h3>
          <ul className="list">
            {group.connections.map((connection) => (
              <WalletRow
                key={connection.id}
                connection={connection}
                details={details}
                current={connection.id === connectionId}
                onSwitch={() => act(() => wallets.switchTo(connection.id))}
                onDisconnect={() => act(() => wallets.disconnect(connection.id))}
              />
            ))}
          </ul>
        </section>
      ))}
      <div className="profile-wallet-actions">
        <button type="button" className="secondary-button" onClick={wallets.addWallet}>
          Add another wallet
        </button>
        <button type="button" className="secondary-button" onClick={() => act(wallets.disconnectAll)}>
          Disconnect all
        </button>
      </div>
    </div>
  )
}

/**
 * One wallet: its icon, its wallet's name, the account's name where it has one, its address and balance (of a
 * connection that spans namespaces, each namespace's address and balance); the current one marked, another one a
 * button that makes it current.
 */
function WalletRow({
  connection,
  details,
  current,
  onSwitch,
  onDisconnect,
}: {
  connection: ChainConnection
  details: Readonly<Record<string, WalletDetail>>
  current: boolean
  onSwitch(): void
  onDisconnect(): void
}) {
  const name = connection.connector?.name ?? 'Wallet'
  const detail = details[connection.id] ?? {}
  const parts = partsOf(connection)
  // Not the shared WalletIcon: importing it here would split it out of the modal's first-load chunk. The e-mail
  // wallet's envelope is given here, not by its connector: the connector is in the page's first load.
  const icon =
    connection.connector?.imageUrl ??
    connection.connector?.info?.icon ??
    (connection.connector?.type === 'AUTH' ? EMBEDDED_WALLET_ICON : undefined)
  const content = (
    <>
      {current ? null : <span className="sr-only">Switch to </span>}
      {icon ? (
        <img className="icon" src={icon} alt="" width={40} height={40} />
      ) : (
        <span className="icon" aria-hidden="true" />
      )}
      <span className="profile-wallet-text">
        <span className="profile-wallet-title">
          <span>{name}</span>
          {current ? <span className="profile-wallet-current-tag">Current</span> : null}
        </span>
        {detail.name ? <span className="profile-wallet-name">{detail.name}</span> : null}
        {parts.map((part) => (
          <PartLines key={part.id} part={part} detail={details[part.id] ?? {}} spans={parts.length > 1} />
        ))}
      </span>
    </>
  )
  return (
    // The connector's type (MULTI_CHAIN for one session across namespaces), for tests and styles.
    <li className="profile-wallet" data-connector-type={connection.connector?.type}>
      {current ? (
        <div className="row-button profile-wallet-current" aria-current="true">
          {content}
        </div>
      ) : (
        <button type="button" className="row-button" onClick={onSwitch}>
          {content}
        </button>
      )}
      <button
        type="button"
        className="secondary-button profile-wallet-disconnect"
        onClick={onDisconnect}
        aria-label={`Disconnect ${name}`}
      >
        Disconnect
      </button>
    </li>
  )
}

/** A connection's address and balance in one namespace; named by its namespace where the connection spans several. */
function PartLines({ part, detail, spans }: { part: ChainConnection; detail: WalletDetail; spans: boolean }) {
  const address = part.accounts[0]?.address ?? ''
  return (
    <>
      <span className="profile-wallet-address muted" title={address}>
        {spans ? `${NAMESPACE_NAMES[part.namespace] ?? part.namespace}: ` : null}
        {formatAddress(address)}
      </span>
      {detail.balance ? (
        <span className="profile-wallet-balance">
          <span className="sr-only">, balance </span>
          {detail.balance}
        </span>
      ) : null}
    </>
  )
}
