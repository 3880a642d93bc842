import type { ShownOnce } from '../../services/console/console-merchants.js';
import type { WalletKeyPublicParts } from '../../services/wallets/wallet-admin.js';
import { html, type Html } from '../pages/html.js';
import { merchantPath } from './merchant-path.js';

function pem(label: string, text: string): Html {
  return html`<h2>${label}</h2>
    <pre>${text}</pre>`;
}

interface PublicParts {
  readonly publicKeyPem?: string;
  readonly certificateRequest?: string;
  readonly publicKey?: string;
  readonly certificatePem?: string;
}

/** A wallet key's public parts: what the wallet vendor's console asks for, never the private key. */
function walletKeyParts(parts: PublicParts): Html {
  return html`${
    parts.publicKey === undefined
      ? ''
      : html`<h2>Public key for the vendor (uncompressed point, Base64)</h2>
          <pre>${parts.publicKey}</pre>`
  }
  ${parts.publicKeyPem === undefined ? '' : pem('Public key (PEM)', parts.publicKeyPem)}
  ${
    parts.certificateRequest === undefined
      ? ''
      : pem('Certificate signing request (upload it to the wallet vendor)', parts.certificateRequest)
  }
  ${parts.certificatePem === undefined ? '' : pem('Payment processing certificate', parts.certificatePem)}`;
}

export function walletKeyPage(login: string, parts: WalletKeyPublicParts): Html {
  const { key } = parts;
  return html`<h1>Wallet ${key.wallet.toUpperCase()} key of ${login}</h1>
    <dl>
      <dt>Key id</dt>
      <dd>${key.id}</dd>
      <dt>Created</dt>
      <dd>${key.createdAt}</dd>
      ${
        key.publicKeyHash === null
          ? ''
          : html`<dt>Public key hash</dt>
              <dd>${key.publicKeyHash}</dd>`
      }
      ${
        key.recipientId === null
          ? ''
          : html`<dt>Recipient id</dt>
              <dd>${key.recipientId}</dd>`
      }
    </dl>
    ${walletKeyParts(parts)}
    <p><a href="${merchantPath(login)}#wallet-keys">Back to ${login}</a></p>`;
}

/**
 * The page after a change that made a secret: the one time it is shown. Nothing keeps it (the
 * audit has the user name or token id only) and the page is sent with `Cache-Control: no-store`.
 */
export function shownOncePage(login: string, shown: ShownOnce): Html {
  const once = html`<p class="notice" role="status">
    Done. Copy it now: it is shown this once and cannot be shown again.
  </p>`;
  const back = html`<p><a href="${merchantPath(login)}">Back to ${login}</a></p>`;
  switch (shown.kind) {
    case 'password':
      return html`<h1>New password</h1>
        ${once}
        <dl>
          <dt>User name</dt>
          <dd>${shown.userName}</dd>
          <dt>Password</dt>
          <dd><code id="secret">${shown.password}</code></dd>
        </dl>
        ${back}`;
    case 'token':
      return html`<h1>New API token</h1>
        ${once}
        <dl>
          <dt>Token id</dt>
          <dd>${shown.id}</dd>
          <dt>Token</dt>
          <dd><code id="secret">${shown.token}</code></dd>
        </dl>
        ${back}`;
    case 'callbackKey':
      return html`<h1>New callback key</h1>
        ${once}
        <dl>
          <dt>Callback key</dt>
          <dd><code id="secret">${shown.key}</code></dd>
        </dl>
        ${back}`;
    case 'walletKey':
      return html`<h1>New wallet ${shown.key.wallet.toUpperCase()} key</h1>
        <p class="notice" role="status">
          Done. The private key stays sealed in the gateway; these public parts can be shown again from the
          merchant's page.
        </p>
        <dl>
          <dt>Key id</dt>
          <dd>${shown.key.id}</dd>
          ${
            shown.key.recipientId === null
              ? ''
              : html`<dt>Recipient id</dt>
                  <dd>${shown.key.recipientId}</dd>`
          }
        </dl>
        ${walletKeyParts(shown)} ${back}`;
  }
}
