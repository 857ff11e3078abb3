import type { ComponentType } from 'react'
import { DirectoryErrorText } from '../../../../kernel/errors'
import type { RouteEntry } from '../../../../kernel/routes'
import { useStore } from '../../../../react/useStore'
import { useConnectors, useFeature, useModal } from '../../../../ui/shell/hooks'
import { connectFeature } from '../../connectFeature'
import { type ConnectMethod, cloudDownNote, offeredConnectMethods } from '../../connectMethods'
import type { WalletOption, WalletSection } from '../../walletSections'
import { LegalCheckbox } from './LegalCheckbox'

/** What each section says about its wallets, next to the name (installed ones say so too). */
const SECTION_TAGS: Partial<Record<WalletSection, string>> = {
  recent: 'Recent',
  walletConnect: 'QR code',
}

/** On a phone WalletConnect opens the wallet apps (All Wallets), not a QR code. */
const tagOf = (section: WalletSection, opensApps: boolean) =>
  section === 'walletConnect' && opensApps ? 'Mobile apps' : SECTION_TAGS[section]

export function ConnectView({ entry }: { entry: RouteEntry }) {
  const modal = useModal()
  const { walletPicker, configuration, connectMethodsOrder, legalLinks, consent } = useFeature(connectFeature)
  // The picker's options follow its own state and the connectors (getOptions is memoized on both).
  useConnectors()
  const options = useStore({ getState: walletPicker.getOptions, subscribe: walletPicker.subscribe })
  const incomplete = useStore(walletPicker, (state) => state.directoryUnavailable)
  const cloudDown = useStore(walletPicker, (state) => state.cloudUnreachable)
  // Rendered again when the remote features arrive: they decide whether All Wallets is offered.
  const features = useStore(configuration, (state) => state.features)
  const accepted = useStore(consent, (state) => state.accepted)
  const legal = features.legalCheckbox ? legalLinks : undefined
  // The legal checkbox (docs/behaviour.md#wallet-picker): no wallet button works until the visitor accepts.
  const locked = Boolean(legal) && !accepted
  // Collapse wallets (docs/behaviour.md#wallet-picker): one entry leads to the list, the same view with `wallets`.
  const collapsed = features.collapseWallets && !(entry.view === 'Connect' && entry.data)
  // A method other features bring fills its slot (the e-mail field with the e-mail feature, the provider buttons
  // with the social feature); one that no feature brings is not offered.
  const slots = modal.featureViews()?.slots ?? {}
  const EmailMethod = slots['connect:email']?.[0] as ComponentType<{ disabled: boolean }> | undefined
  const SocialMethod = slots['connect:social']?.[0] as ComponentType<{ disabled: boolean }> | undefined
  const methods = offeredConnectMethods({
    wallets: options,
    features,
    brought: { email: EmailMethod !== undefined, social: SocialMethod !== undefined },
    configured: connectMethodsOrder,
  })
  // With the cloud down e-mail and social can't sign in: they stay in place, disabled, and the note says why.
  const cloudNote = cloudDown ? cloudDownNote(methods) : undefined

  return (
    <div className="stack">
      {legal ? (
        <LegalCheckbox
          links={legal}
          accepted={accepted}
          onChange={(value) => consent.setState({ accepted: value })}
        />
      ) : null}
      {methods.map((method: ConnectMethod) =>
        method === 'email' && EmailMethod ? (
          <EmailMethod key={method} disabled={locked || cloudDown} />
        ) : method === 'social' && SocialMethod ? (
          <SocialMethod key={method} disabled={locked || cloudDown} />
        ) : method !== 'wallet' ? null : collapsed ? (
          <button
            key={method}
            type="button"
            className="row-button"
            disabled={locked}
            onClick={() => modal.navigate({ view: 'Connect', data: { wallets: true } })}
          >
            <span className="icon icon-grid" aria-hidden="true" />
            <span className="row-label">Continue with a wallet</span>
          </button>
        ) : (
          <WalletList
            key={method}
            disabled={locked}
            options={options}
            showAllWallets={modal.showsAllWallets()}
            walletConnectOpensApps={modal.walletConnectOpensApps()}
            onSelect={(option) => void modal.selectWallet(option)}
            onAllWallets={() => modal.navigate({ view: 'AllWallets' })}
          />
        ),
      )}
      {/* A live region from the start, so the notes are announced when the cloud fails, and gone once it answers. */}
      <div role="status" className="muted connect-notes">
        {cloudNote ? <p>{cloudNote}</p> : null}
        {incomplete && !collapsed ? <p>{DirectoryErrorText.incomplete}</p> : null}
      </div>
    </div>
  )
}

function WalletList(props: {
  disabled: boolean
  options: WalletOption[]
  showAllWallets: boolean
  walletConnectOpensApps: boolean
  onSelect: (option: WalletOption) => void
  onAllWallets: () => void
}) {
  return (
    <div className="stack connect-wallets">
      {props.options.length === 0 ? (
        <div className="center">
          <p>No browser wallet found.</p>
          <p className="muted">Install a wallet extension, then reload this page.</p>
        </div>
      ) : (
        <ul className="list" aria-label="Wallets">
          {props.options.map((option) => (
            <li key={option.key}>
              <button
                type="button"
                className="row-button"
                disabled={props.disabled}
                onClick={() => props.onSelect(option)}
              >
                {option.imageUrl ? (
                  <img className="icon" src={option.imageUrl} alt="" width="40" height="40" />
                ) : (
                  <span className="icon" aria-hidden="true" />
                )}
                <span className="row-label">{option.name}</span>
                {[tagOf(option.section, props.walletConnectOpensApps), option.installed && 'Installed'].map(
                  (tag) =>
                    tag ? (
                      <span key={tag} className="tag">
                        {tag}
                      </span>
                    ) : null,
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {props.showAllWallets ? (
        <button type="button" className="row-button" disabled={props.disabled} onClick={props.onAllWallets}>
          <span className="icon icon-grid" aria-hidden="true" />
          <span className="row-label">All Wallets</span>
        </button>
      ) : null}
    </div>
  )
}
