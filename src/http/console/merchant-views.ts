import { roleHas } from '../../domain/operator-roles.js';
import type {
  LinkedMerchant,
  MerchantListRow,
  MerchantPage,
} from '../../services/console/console-merchants.js';
import type { Operator } from '../../services/console/operator.js';
import { html, type Html } from '../pages/html.js';
import { auditDetail } from './order-views.js';
import { when } from './console-text.js';
import { changeDialog } from './merchant-dialog.js';
import { confirmButton, editButton } from './merchant-edit-forms.js';
import { merchantPath } from './merchant-path.js';
import { merchantSection, sectionNavigation, type MerchantSectionId } from './merchant-sections.js';
import { SETTING_FIELDS, settingShown, type SettingField } from './merchant-settings-fields.js';

function merchantLink(merchant: LinkedMerchant): Html {
  return html`<a href="${merchantPath(merchant.login)}">${merchant.login}</a>`;
}

export function merchantTable(rows: readonly MerchantListRow[]): Html {
  if (rows.length === 0) return html`<p>No merchant.</p>`;
  return html`<table>
    <thead>
      <tr>
        <th scope="col">Login</th>
        <th scope="col">Parent</th>
        <th scope="col">State</th>
        <th scope="col">Permissions</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (row) =>
          html`<tr>
            <td><a href="${merchantPath(row.login)}">${row.login}</a></td>
            <td>${row.parent ?? ''}</td>
            <td>${merchantState(row)}</td>
            <td>${row.permissionCount}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** What governs the merchant's traffic: merchants have no on/off switch of their own. */
function merchantState(row: MerchantListRow): string {
  return [
    row.requireSignature ? 'signed requests only' : 'password or token',
    row.callbacksOn ? 'callbacks on' : 'callbacks off',
  ].join(' · ');
}

/** A section's settings as they are now, with the button that opens their form to those who may. */
function settingsSection(
  page: MerchantPage,
  manage: boolean,
  section: SettingField['section'],
  extra: Html | string = '',
): Html {
  const fields = SETTING_FIELDS.filter((field) => field.section === section);
  const shown = html`<dl>
    ${fields.map(
      (field) =>
        html`<dt>${field.label}</dt>
          <dd>${settingShown(field, field.current(page.summary))}</dd>`,
    )}
    ${extra}
  </dl>`;
  if (!manage) return shown;
  return html`${shown}
    <div class="actions">${editButton(page.summary.login, section)}</div>`;
}

function permissionsBody(page: MerchantPage, manage: boolean): Html {
  const login = page.summary.login;
  const granted = page.summary.permissions;
  return html`<ul>
      ${granted.length === 0 ? html`<li>none</li>` : ''}
      ${granted.map(
        (permission) =>
          html`<li>
            ${permission}
            ${manage ? confirmButton(login, 'revokePermission', { permission }, 'Revoke', permission) : ''}
          </li>`,
      )}
    </ul>
    <p>
      Acts for:
      ${
        page.actsFor.length === 0
          ? 'no other merchant'
          : page.actsFor.map((target, index) => html`${index === 0 ? '' : ', '}${merchantLink(target)}`)
      }
    </p>
    ${
      manage
        ? html`<div class="actions">
            ${editButton(login, 'permit')} ${editButton(login, 'grantAccess')}
            ${editButton(login, 'revokeAccess')}
          </div>`
        : ''
    }`;
}

function usersTable(page: MerchantPage, manage: boolean): Html {
  const login = page.summary.login;
  return html`<table>
    <thead>
      <tr>
        <th scope="col">User name</th>
        <th scope="col">Created (UTC)</th>
        ${manage ? html`<th scope="col">Password</th>` : ''}
      </tr>
    </thead>
    <tbody>
      ${page.users.map(
        (user) =>
          html`<tr>
            <td>${user.userName}</td>
            <td>${when(user.createdAtMs)}</td>
            ${manage ? html`<td>${confirmButton(login, 'resetPassword', { userName: user.userName }, undefined, user.userName)}</td>` : ''}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function tokensTable(page: MerchantPage, manage: boolean): Html {
  const login = page.summary.login;
  if (page.tokens.length === 0) return html`<p>No token.</p>`;
  return html`<table>
    <thead>
      <tr>
        <th scope="col">Token id</th>
        <th scope="col">Issued (UTC)</th>
        <th scope="col">Revoked (UTC)</th>
      </tr>
    </thead>
    <tbody>
      ${page.tokens.map(
        (token) =>
          html`<tr>
            <td>${token.id}</td>
            <td>${when(token.createdAtMs)}</td>
            <td>
              ${
                token.revokedAtMs !== null
                  ? when(token.revokedAtMs)
                  : manage
                    ? confirmButton(login, 'revokeToken', { tokenId: token.id }, 'Revoke', token.id)
                    : 'active'
              }
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** API users and tokens: the two ways a merchant's requests are let in, side by side. */
function usersAndTokensBody(page: MerchantPage, manage: boolean): Html {
  const login = page.summary.login;
  return html`<h3 id="users">API users</h3>
    ${usersTable(page, manage)}
    ${manage ? html`<div class="actions">${editButton(login, 'addUser')}</div>` : ''}
    <h3 id="tokens">API tokens</h3>
    ${tokensTable(page, manage)}
    ${manage ? html`<div class="actions">${confirmButton(login, 'issueToken')}</div>` : ''}`;
}

function certificatesBody(page: MerchantPage, manage: boolean): Html {
  const certificates = page.summary.certificates;
  return html`${
    certificates.length === 0
      ? html`<p>No certificate: requests cannot be signed.</p>`
      : html`<table>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">SHA-256 fingerprint</th>
              <th scope="col">Valid to</th>
            </tr>
          </thead>
          <tbody>
            ${certificates.map(
              (certificate) =>
                html`<tr>
                  <td>${certificate.subject}</td>
                  <td class="long">${certificate.fingerprintSha256}</td>
                  <td>${certificate.validTo}</td>
                </tr>`,
            )}
          </tbody>
        </table>`
  }
  ${manage ? html`<div class="actions">${editButton(page.summary.login, 'addCertificate')}</div>` : ''}`;
}

function callbacksBody(page: MerchantPage, manage: boolean): Html {
  const login = page.summary.login;
  const key = html`<dt>Merchant key (HMAC)</dt>
    <dd>${page.summary.callbackKeySet ? 'set (never shown)' : 'not set: HMAC callbacks go unsigned'}</dd>`;
  return html`${settingsSection(page, false, 'callbacks', key)}
  ${
    manage
      ? html`<div class="actions">
          ${editButton(login, 'callbacks')} ${confirmButton(login, 'callbackKey')}
          ${page.summary.callbackUrl === null ? '' : confirmButton(login, 'testCallback')}
        </div>`
      : ''
  }
  ${
    page.callbacks.length === 0
      ? ''
      : html`<table>
          <caption>
            Latest callbacks
          </caption>
          <thead>
            <tr>
              <th scope="col">Created (UTC)</th>
              <th scope="col">Operation</th>
              <th scope="col">State</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            ${page.callbacks.map(
              (callback) =>
                html`<tr>
                  <td>${when(callback.created_at_ms)}</td>
                  <td>${callback.operation}</td>
                  <td>
                    ${callback.state}${callback.delivered_at_ms === null ? '' : ` ${when(callback.delivered_at_ms)}`}
                  </td>
                  <td>${callback.attempts}</td>
                  <td>${callback.last_error ?? ''}</td>
                </tr>`,
            )}
          </tbody>
        </table>`
  }`;
}

function walletKeysBody(page: MerchantPage, manage: boolean): Html {
  const login = page.summary.login;
  return html`${
    page.walletKeys.length === 0
      ? html`<p>No wallet key.</p>`
      : html`<table>
          <thead>
            <tr>
              <th scope="col">Wallet</th>
              <th scope="col">Created (UTC)</th>
              <th scope="col">Public key hash</th>
              <th scope="col">Certificate or recipient</th>
              <th scope="col">Public parts</th>
            </tr>
          </thead>
          <tbody>
            ${page.walletKeys.map(
              (key) =>
                html`<tr>
                  <td>${key.wallet.toUpperCase()}</td>
                  <td>${key.createdAt.replace('T', ' ').slice(0, 19)}</td>
                  <td class="long">${key.publicKeyHash ?? ''}</td>
                  <td>
                    ${key.recipientId ?? (key.certificateSubject === null ? '' : `${key.certificateSubject}, to ${key.certificateValidTo ?? ''}`)}
                  </td>
                  <td><a href="${merchantPath(login)}/wallet-keys/${key.id}">Public key and CSR</a></td>
                </tr>`,
            )}
          </tbody>
        </table>`
  }
  ${manage ? html`<div class="actions">${editButton(login, 'createWalletKey')}</div>` : ''}`;
}

function childrenBody(page: MerchantPage, manage: boolean): Html {
  return html`<p class="children">
      ${
        page.children.length === 0
          ? 'No child merchant.'
          : page.children.map((child, index) => html`${index === 0 ? '' : ', '}${merchantLink(child)}`)
      }
    </p>
    ${manage ? html`<div class="actions">${editButton(page.summary.login, 'createChild')}</div>` : ''}`;
}

/**
 * The merchant's page: a navigation to its sections, each showing what is; those who may change
 * merchants get a button per change, which opens its form and confirmation in a dialog.
 */
export function merchantBody(page: MerchantPage, operator: Operator, notice?: Html): Html {
  const manage = roleHas(operator.role, 'merchants.manage');
  const { summary } = page;
  const sections: [MerchantSectionId, Html][] = [
    ['settings', settingsSection(page, manage, 'settings')],
    ['permissions', permissionsBody(page, manage)],
    ['users-tokens', usersAndTokensBody(page, manage)],
    ['certificates', certificatesBody(page, manage)],
    ['callbacks', callbacksBody(page, manage)],
    ['wallet-keys', walletKeysBody(page, manage)],
    ['p2p', settingsSection(page, manage, 'p2p')],
    ['limits', settingsSection(page, manage, 'limits')],
    ['children', childrenBody(page, manage)],
  ];
  if (page.actions.length > 0)
    sections.push([
      'actions',
      html`<ul>
        ${page.actions.map((entry) => html`<li>${when(entry.at_ms)} ${entry.action}: ${auditDetail(entry)}</li>`)}
      </ul>`,
    ]);
  return html`<h1>Merchant ${summary.login}</h1>
    ${notice ?? ''}
    <p>
      ${page.parent === null ? 'A top-level merchant.' : html`A child of ${merchantLink(page.parent)}.`}
      ${summary.activeTokens} active token(s).
    </p>
    ${sectionNavigation(sections.map(([id]) => id))}
    ${sections.map(([id, body]) => merchantSection(id, body))} ${manage ? changeDialog() : ''}`;
}
