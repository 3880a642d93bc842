import { roleHas } from '../../domain/operator-roles.js';
import { PERMISSIONS } from '../../domain/permissions.js';
import { LANGUAGES } from '../../i18n/languages.js';
import type {
  LinkedMerchant,
  MerchantChangeKind,
  MerchantListRow,
  MerchantPage,
} from '../../services/console/console-merchants.js';
import type { Operator } from '../../services/console/operator.js';
import { WALLETS } from '../../services/wallets/wallet-admin.js';
import { html, type Html } from '../pages/html.js';
import { auditDetail } from './order-views.js';
import { CONSOLE_PATH } from './console-session.js';
import { when } from './console-text.js';
import { CHANGE_TITLES } from './merchant-change-forms.js';
import { SETTING_FIELDS, settingShown, type SettingField } from './merchant-settings-fields.js';

export const MERCHANTS_PATH = `${CONSOLE_PATH}/merchants`;

export function merchantPath(login: string): string {
  return `${MERCHANTS_PATH}/${encodeURIComponent(login)}`;
}

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

/** A form that opens the confirmation of one change. */
function changeForm(
  login: string,
  kind: MerchantChangeKind,
  fields: Html | readonly Html[] | string = '',
  label?: string,
): Html {
  return html`<form class="change" method="get" action="${merchantPath(login)}/confirm">
    <input type="hidden" name="action" value="${kind}" /> ${fields}
    <button type="submit">${label ?? CHANGE_TITLES[kind]}…</button>
  </form>`;
}

function settingInput(field: SettingField, value: string): Html {
  if (field.choices !== undefined)
    return html`<label
      >${field.label}
      <select name="${field.name}">
        ${field.choices.map(
          ([stored, shown]) =>
            html`<option value="${stored}" ${stored === value ? html`selected` : ''}>${shown}</option>`,
        )}
      </select></label
    >`;
  if (field.name === 'language')
    return html`<label
      >${field.label}
      <select name="language">
        ${LANGUAGES.map(
          (language) =>
            html`<option value="${language}" ${language === value ? html`selected` : ''}>
              ${language}
            </option>`,
        )}
      </select></label
    >`;
  return html`<label>${field.label} <input name="${field.name}" value="${value}" /></label>`;
}

/** A section's settings: read-only to those who may not change them, a form to those who may. */
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
    <div class="actions">
      ${changeForm(
        page.summary.login,
        'settings',
        fields.map((field) => settingInput(field, field.current(page.summary))),
      )}
    </div>`;
}

function section(id: string, title: string, body: Html): Html {
  return html`<section aria-labelledby="${id}">
    <h2 id="${id}">${title}</h2>
    ${body}
  </section>`;
}

function permissionsBody(page: MerchantPage, manage: boolean): Html {
  const login = page.summary.login;
  const granted = page.summary.permissions;
  const grantable = PERMISSIONS.filter((permission) => !granted.includes(permission));
  return html`<ul>
      ${granted.length === 0 ? html`<li>none</li>` : ''}
      ${granted.map(
        (permission) =>
          html`<li>
            ${permission}
            ${manage ? changeForm(login, 'revokePermission', html`<input type="hidden" name="permission" value="${permission}" />`, 'Revoke') : ''}
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
            ${changeForm(
              login,
              'permit',
              html`<label
                >Permission
                <select name="permission">
                  ${grantable.map((permission) => html`<option value="${permission}">${permission}</option>`)}
                </select></label
              >`,
            )}
            ${changeForm(login, 'grantAccess', html`<label>Merchant login <input name="target" required /></label>`)}
            ${changeForm(login, 'revokeAccess', html`<label>Merchant login <input name="target" required /></label>`)}
          </div>`
        : ''
    }`;
}

function usersBody(page: MerchantPage, manage: boolean): Html {
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
              ${manage ? html`<td>${changeForm(login, 'resetPassword', html`<input type="hidden" name="userName" value="${user.userName}" />`)}</td>` : ''}
            </tr>`,
        )}
      </tbody>
    </table>
    ${
      manage
        ? html`<div class="actions">
            ${changeForm(login, 'addUser', html`<label>User name <input name="userName" required maxlength="50" /></label>`)}
          </div>`
        : ''
    }`;
}

function tokensBody(page: MerchantPage, manage: boolean): Html {
  const login = page.summary.login;
  return html`${
    page.tokens.length === 0
      ? html`<p>No token.</p>`
      : html`<table>
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
                          ? changeForm(
                              login,
                              'revokeToken',
                              html`<input type="hidden" name="tokenId" value="${token.id}" />`,
                              'Revoke',
                            )
                          : 'active'
                    }
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>`
  }
  ${manage ? html`<div class="actions">${changeForm(login, 'issueToken')}</div>` : ''}`;
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
  ${
    manage
      ? html`<div class="actions">
          ${changeForm(
            page.summary.login,
            'addCertificate',
            html`<label
              >Certificate (PEM, RSA of 2048 bits or more)
              <textarea name="pem" rows="6" cols="64" required></textarea>
            </label>`,
          )}
        </div>`
      : ''
  }`;
}

function callbacksBody(page: MerchantPage, manage: boolean): Html {
  const login = page.summary.login;
  const key = html`<dt>Merchant key (HMAC)</dt>
    <dd>${page.summary.callbackKeySet ? 'set (never shown)' : 'not set: HMAC callbacks go unsigned'}</dd>`;
  return html`${settingsSection(page, manage, 'callbacks', key)}
  ${
    manage
      ? html`<div class="actions">
          ${changeForm(login, 'callbackKey')}
          ${page.summary.callbackUrl === null ? '' : changeForm(login, 'testCallback')}
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
  ${
    manage
      ? html`<div class="actions">
          ${changeForm(
            login,
            'createWalletKey',
            html`<label
                >Wallet
                <select name="wallet">
                  ${WALLETS.map((wallet) => html`<option value="${wallet}">${wallet.toUpperCase()}</option>`)}
                </select></label
              >
              <label>Recipient id (wallet B, optional) <input name="recipientId" /></label>`,
          )}
        </div>`
      : ''
  }`;
}

function childrenBody(page: MerchantPage, manage: boolean): Html {
  return html`<p>
      ${
        page.children.length === 0
          ? 'No child merchant.'
          : page.children.map((child, index) => html`${index === 0 ? '' : ', '}${merchantLink(child)}`)
      }
    </p>
    ${
      manage
        ? html`<div class="actions">
            ${changeForm(page.summary.login, 'createChild', html`<label>Login <input name="login" required maxlength="46" /></label>`)}
          </div>`
        : ''
    }`;
}

/** The merchant's page: every section, with change forms for those who may change merchants. */
export function merchantBody(page: MerchantPage, operator: Operator, notice?: Html): Html {
  const manage = roleHas(operator.role, 'merchants.manage');
  const { summary } = page;
  return html`<h1>Merchant ${summary.login}</h1>
    ${notice ?? ''}
    <p>
      ${page.parent === null ? 'A top-level merchant.' : html`A child of ${merchantLink(page.parent)}.`}
      ${summary.activeTokens} active token(s).
    </p>
    ${section('settings', 'Settings', settingsSection(page, manage, 'settings'))}
    ${section('permissions', 'Permissions', permissionsBody(page, manage))}
    ${section('users', 'API users', usersBody(page, manage))}
    ${section('tokens', 'API tokens', tokensBody(page, manage))}
    ${section('certificates', 'Signing certificates', certificatesBody(page, manage))}
    ${section('callbacks', 'Callbacks', callbacksBody(page, manage))}
    ${section('wallet-keys', 'Wallet keys', walletKeysBody(page, manage))}
    ${section('p2p', 'P2P fee plan', settingsSection(page, manage, 'p2p'))}
    ${section('limits', 'Rate and concurrency limits', settingsSection(page, manage, 'limits'))}
    ${section('children', 'Child merchants', childrenBody(page, manage))}
    ${
      page.actions.length === 0
        ? ''
        : section(
            'actions',
            'Console actions',
            html`<ul>
              ${page.actions.map((entry) => html`<li>${when(entry.at_ms)} ${entry.action}: ${auditDetail(entry)}</li>`)}
            </ul>`,
          )
    }`;
}
