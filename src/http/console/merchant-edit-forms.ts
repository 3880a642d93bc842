import { PERMISSIONS } from '../../domain/permissions.js';
import { LANGUAGES } from '../../i18n/languages.js';
import type { MerchantChangeKind } from '../../services/console/console-merchants.js';
import type { MerchantSummary } from '../../services/merchant-settings.js';
import { WALLETS } from '../../services/wallets/wallet-admin.js';
import { html, type Html } from '../pages/html.js';
import { text } from './console-text.js';
import { CHANGE_TITLES } from './merchant-change-forms.js';
import { merchantPath } from './merchant-path.js';
import type { MerchantSectionId } from './merchant-sections.js';
import { SETTING_FIELDS, type SettingField } from './merchant-settings-fields.js';

/**
 * The changes that need the operator's input before their confirmation: each a form of its own,
 * shown in a dialog on the merchant page (or on its own page without JavaScript), that leads to
 * the confirmation of `kind`. The four settings forms carry the settings of their section only.
 */
export const EDIT_FORMS = {
  settings: { kind: 'settings', title: 'Change settings', section: 'settings' },
  callbacks: { kind: 'settings', title: 'Change callback settings', section: 'callbacks' },
  p2p: { kind: 'settings', title: 'Change the P2P fee plan', section: 'p2p' },
  limits: { kind: 'settings', title: 'Change limits', section: 'limits' },
  permit: { kind: 'permit', title: CHANGE_TITLES.permit, section: 'permissions' },
  grantAccess: { kind: 'grantAccess', title: CHANGE_TITLES.grantAccess, section: 'permissions' },
  revokeAccess: { kind: 'revokeAccess', title: CHANGE_TITLES.revokeAccess, section: 'permissions' },
  addUser: { kind: 'addUser', title: CHANGE_TITLES.addUser, section: 'users-tokens' },
  addCertificate: { kind: 'addCertificate', title: CHANGE_TITLES.addCertificate, section: 'certificates' },
  createWalletKey: { kind: 'createWalletKey', title: CHANGE_TITLES.createWalletKey, section: 'wallet-keys' },
  createChild: { kind: 'createChild', title: CHANGE_TITLES.createChild, section: 'children' },
} as const satisfies Record<string, { kind: MerchantChangeKind; title: string; section: MerchantSectionId }>;

export type EditFormName = keyof typeof EDIT_FORMS;

export function isEditFormName(value: string | undefined): value is EditFormName {
  return value !== undefined && Object.hasOwn(EDIT_FORMS, value);
}

/**
 * A button that opens a dialog: a GET form, so that without JavaScript it opens the same content
 * as a page; the console's script shows the answer in the dialog instead.
 */
function opener(action: string, hidden: Html | readonly Html[], label: Html | string): Html {
  return html`<form class="change" method="get" action="${action}">
    ${hidden}
    <button type="submit" aria-haspopup="dialog">${label}</button>
  </form>`;
}

function hidden(name: string, value: string): Html {
  return html`<input type="hidden" name="${name}" value="${value}" />`;
}

/** The button that opens the form of `name`. */
export function editButton(login: string, name: EditFormName): Html {
  return opener(`${merchantPath(login)}/edit`, hidden('form', name), `${EDIT_FORMS[name].title}…`);
}

/**
 * The button that opens the confirmation of a change that needs no more input (`fields` name
 * what it acts on); `about` tells apart buttons of one label in a list ("Revoke" which token).
 */
export function confirmButton(
  login: string,
  kind: MerchantChangeKind,
  fields: Readonly<Record<string, string>> = {},
  label?: string,
  about?: string,
): Html {
  return opener(
    `${merchantPath(login)}/confirm`,
    [hidden('action', kind), ...Object.entries(fields).map(([name, value]) => hidden(name, value))],
    html`${label ?? CHANGE_TITLES[kind]}…${about === undefined ? '' : html`<span class="visually-hidden"> ${about}</span>`}`,
  );
}

function settingInput(field: SettingField, value: string): Html {
  const choices =
    field.choices ??
    (field.name === 'language' ? LANGUAGES.map((language) => [language, language] as const) : undefined);
  if (choices !== undefined)
    return html`<label
      >${field.label}
      <select name="${field.name}">
        ${choices.map(
          ([stored, shown]) =>
            html`<option value="${stored}" ${stored === value ? html`selected` : ''}>${shown}</option>`,
        )}
      </select></label
    >`;
  return html`<label>${field.label} <input name="${field.name}" value="${value}" /></label>`;
}

function editFields(name: EditFormName, summary: MerchantSummary): Html | readonly Html[] {
  switch (name) {
    case 'settings':
    case 'callbacks':
    case 'p2p':
    case 'limits':
      return SETTING_FIELDS.filter((field) => field.section === name).map((field) =>
        settingInput(field, field.current(summary)),
      );
    case 'permit':
      return html`<label
        >Permission
        <select name="permission">
          ${PERMISSIONS.filter((permission) => !summary.permissions.includes(permission)).map(
            (permission) => html`<option value="${permission}">${permission}</option>`,
          )}
        </select></label
      >`;
    case 'grantAccess':
    case 'revokeAccess':
      return html`<label>Merchant login <input name="target" required maxlength="46" /></label>`;
    case 'addUser':
      return html`<label>User name <input name="userName" required maxlength="50" /></label>`;
    case 'addCertificate':
      return html`<label
        >Certificate (PEM, RSA of 2048 bits or more)
        <textarea name="pem" rows="6" cols="64" required></textarea>
      </label>`;
    case 'createWalletKey':
      return html`<label
          >Wallet
          <select name="wallet">
            ${WALLETS.map((wallet) => html`<option value="${wallet}">${wallet.toUpperCase()}</option>`)}
          </select></label
        >
        <label>Recipient id (wallet B, optional) <input name="recipientId" /></label>`;
    case 'createChild':
      return html`<label>Login <input name="login" required maxlength="46" /></label>`;
  }
}

/**
 * The form of `name` with the merchant's current values, which asks for the confirmation. The
 * `#change` element is what the console's script shows in its dialog: its heading names the dialog.
 */
export function editBody(name: EditFormName, summary: MerchantSummary): Html {
  const form = EDIT_FORMS[name];
  const login = summary.login;
  return html`<div id="change">
    <h1>${form.title} for ${login}</h1>
    <form class="edit" method="get" action="${merchantPath(login)}/confirm">
      ${hidden('action', form.kind)} ${editFields(name, summary)}
      <div class="buttons">
        <button type="submit">${text('reviewChange')}</button>
        <a href="${merchantPath(login)}#${form.section}" data-close>${text('cancel')}</a>
      </div>
    </form>
  </div>`;
}
