import type { X509Certificate } from 'node:crypto';
import type { Clock } from '../../domain/clock.js';
import { roleHas } from '../../domain/operator-roles.js';
import { newToken } from '../../security/token-hash.js';
import type { AuditRepository } from '../../store/audit-repository.js';
import type { CallbackRepository } from '../../store/callback-repository.js';
import type { GroupCommit } from '../../store-engine/index.js';
import type { CallbackRow, ConsoleAuditRow } from '../../store/schema.js';
import { enqueueTestCallback } from '../callbacks/callback-outbox.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import { AdminError } from '../admin-error.js';
import type { MerchantAdmin } from '../merchant-admin.js';
import type { ApiTokenView, ApiUserView } from '../merchant-credentials.js';
import type { MerchantSettingsInput, MerchantSummary } from '../merchant-settings.js';
import type { Wallet, WalletAdmin, WalletKeyPublicParts, WalletKeySummary } from '../wallets/wallet-admin.js';
import type { ActionRequest, ActionResult, AuditedOnce } from './audited-once.js';
import { ConsoleNotFound, requireRight, seesMerchant, type Operator } from './operator.js';

/** A row of the merchant list. */
export interface MerchantListRow {
  readonly login: string;
  /** The parent's login; null for a top-level merchant or a parent the operator does not see. */
  readonly parent: string | null;
  readonly requireSignature: boolean;
  readonly callbacksOn: boolean;
  readonly permissionCount: number;
}

/** A merchant another one is linked to (parent, child, acted for): linked only when the operator sees it. */
export interface LinkedMerchant {
  readonly login: string;
  readonly visible: boolean;
}

/** Everything the merchant page shows; no password, hash, token, callback key or private key. */
export interface MerchantPage {
  readonly summary: MerchantSummary;
  readonly parent: LinkedMerchant | null;
  readonly children: readonly LinkedMerchant[];
  readonly actsFor: readonly LinkedMerchant[];
  readonly users: readonly ApiUserView[];
  readonly tokens: readonly ApiTokenView[];
  readonly walletKeys: readonly WalletKeySummary[];
  /** The newest callbacks to the merchant: how a test callback went. */
  readonly callbacks: readonly Pick<
    CallbackRow,
    'id' | 'operation' | 'state' | 'attempts' | 'created_at_ms' | 'delivered_at_ms' | 'last_error'
  >[];
  /** The newest console actions on the merchant (only for operators who may read the audit). */
  readonly actions: readonly ConsoleAuditRow[];
}

export type SettingsChange = Omit<MerchantSettingsInput, 'password' | 'callbackKey'>;

/** One change an operator asks for on a merchant. */
export type MerchantChange =
  | { readonly kind: 'settings'; readonly settings: SettingsChange }
  | { readonly kind: 'callbackKey' }
  | { readonly kind: 'testCallback' }
  | { readonly kind: 'permit' | 'revokePermission'; readonly permission: string }
  | { readonly kind: 'grantAccess' | 'revokeAccess'; readonly target: string }
  | { readonly kind: 'addUser' | 'resetPassword'; readonly userName: string }
  | { readonly kind: 'issueToken' }
  | { readonly kind: 'revokeToken'; readonly tokenId: string }
  | { readonly kind: 'addCertificate'; readonly pem: string }
  | { readonly kind: 'createWalletKey'; readonly wallet: Wallet; readonly recipientId?: string }
  | { readonly kind: 'createChild'; readonly login: string };

export type MerchantChangeKind = MerchantChange['kind'];

/** What a change made that the operator sees once, on its result page, and never again. */
export type ShownOnce =
  | { readonly kind: 'password'; readonly userName: string; readonly password: string }
  | { readonly kind: 'token'; readonly id: string; readonly token: string }
  | { readonly kind: 'callbackKey'; readonly key: string }
  | {
      readonly kind: 'walletKey';
      readonly key: WalletKeySummary;
      readonly certificateRequest?: string;
      readonly publicKey?: string;
    };

/** What applying a change made: a secret to show once, and public facts for the audit. */
interface Made {
  readonly shown?: ShownOnce;
  readonly facts?: Record<string, unknown>;
}

/** Recent rows shown on a merchant's page. */
const RECENT_CALLBACKS = 10;
const RECENT_ACTIONS = 20;

/**
 * The console's merchant administration. Reads need `merchants.view` and changes
 * `merchants.manage`; a merchant outside the operator's limit is not found. Every change goes
 * through the CLI's services (MerchantAdmin, WalletAdmin) or the callback outbox, once per form,
 * audited with what changed but never with a secret it made.
 */
export class ConsoleMerchants {
  constructor(
    private readonly admin: MerchantAdmin,
    private readonly directory: MerchantDirectory,
    private readonly wallets: WalletAdmin,
    private readonly callbacks: CallbackRepository,
    private readonly audit: AuditRepository,
    private readonly audited: AuditedOnce,
    private readonly writes: GroupCommit,
    private readonly clock: Clock,
    /** The sandbox wallet A vendor, which certifies a new key at once (GATEHOUSE_SANDBOX_WALLETS). */
    private readonly certifyWalletA?: (publicKeyPem: string, merchantId: string) => Promise<X509Certificate>,
  ) {}

  async list(operator: Operator): Promise<MerchantListRow[]> {
    requireRight(operator, 'merchants.view');
    const rows = await this.admin.list();
    const counts = await this.admin.permissionCounts();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return rows
      .filter((row) => seesMerchant(operator, row.id))
      .map((row) => {
        const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
        return {
          login: row.login,
          parent: parent !== undefined && seesMerchant(operator, parent.id) ? parent.login : null,
          requireSignature: row.require_signature === 1,
          callbacksOn: row.callback_url !== null,
          permissionCount: counts.get(row.id) ?? 0,
        };
      });
  }

  async page(operator: Operator, login: string): Promise<MerchantPage> {
    requireRight(operator, 'merchants.view');
    const rows = await this.admin.list();
    const merchant = rows.find((row) => row.login === login);
    if (merchant === undefined || !seesMerchant(operator, merchant.id)) throw new ConsoleNotFound(login);
    const idOf = new Map(rows.map((row) => [row.login, row.id]));
    const linked = (other: string): LinkedMerchant => {
      const id = idOf.get(other);
      return { login: other, visible: id !== undefined && seesMerchant(operator, id) };
    };
    const [summary, users, tokens, walletKeys, callbacks, actions] = await Promise.all([
      this.admin.show(login),
      this.admin.credentials.users(login),
      this.admin.credentials.tokens(login),
      this.wallets.show(login),
      this.callbacks.list({ merchantId: merchant.id, limit: RECENT_CALLBACKS }),
      roleHas(operator.role, 'audit.view')
        ? this.audit.list({ merchantIds: [merchant.id], limit: RECENT_ACTIONS })
        : Promise.resolve([]),
    ]);
    const parent = summary.parent === null ? null : linked(summary.parent);
    return {
      summary,
      // Another merchant is named only when the operator sees it: a limit hides who exists.
      parent: parent?.visible === true ? parent : null,
      children: rows
        .filter((row) => row.parent_id === merchant.id)
        .map((row) => linked(row.login))
        .filter((child) => child.visible),
      actsFor: summary.actsFor.map(linked).filter((target) => target.visible),
      users,
      tokens,
      walletKeys,
      callbacks: callbacks.map((row) => ({
        id: row.id,
        operation: row.operation,
        state: row.state,
        attempts: row.attempts,
        created_at_ms: row.created_at_ms,
        delivered_at_ms: row.delivered_at_ms,
        last_error: row.last_error,
      })),
      actions,
    };
  }

  /** A wallet key's public parts and CSR; the private key stays sealed in the service. */
  async walletKey(operator: Operator, login: string, keyId: string): Promise<WalletKeyPublicParts> {
    requireRight(operator, 'merchants.view');
    await this.merchantId(operator, login);
    try {
      return await this.wallets.publicParts(login, keyId);
    } catch (error) {
      if (error instanceof AdminError) throw new ConsoleNotFound(keyId);
      throw error;
    }
  }

  /** The merchant's summary when the operator may change it (the confirmation page). */
  async forChange(operator: Operator, login: string): Promise<MerchantSummary> {
    requireRight(operator, 'merchants.manage');
    await this.merchantId(operator, login);
    return this.admin.show(login);
  }

  /** The audit entry of a change on this merchant, to say on its page how the change went. */
  async outcome(operator: Operator, login: string, auditId: string): Promise<ConsoleAuditRow | undefined> {
    requireRight(operator, 'merchants.view');
    const merchantId = await this.merchantId(operator, login);
    const entry = await this.audit.find(auditId);
    return entry?.merchant_id === merchantId ? entry : undefined;
  }

  async change(
    request: ActionRequest,
    login: string,
    change: MerchantChange,
  ): Promise<{ result: ActionResult; shown?: ShownOnce }> {
    requireRight(request.operator, 'merchants.manage');
    const merchantId = await this.merchantId(request.operator, login);
    const subject = {
      merchantId,
      orderId: null,
      amountMinor: null,
      currency: null,
      details: auditDetails(change),
    };
    const { result, value } = await this.audited.run(
      request,
      `merchant.${change.kind}`,
      subject,
      () => this.apply(request, login, merchantId, change),
      (made) => ({ ...made.facts, ...(made.shown === undefined ? {} : madeDetails(made.shown)) }),
    );
    return value?.shown === undefined ? { result } : { result, shown: value.shown };
  }

  private async apply(
    request: ActionRequest,
    login: string,
    merchantId: string,
    change: MerchantChange,
  ): Promise<Made> {
    switch (change.kind) {
      case 'settings':
        await this.admin.set(login, change.settings);
        return {};
      case 'callbackKey': {
        // Made here rather than typed, so no page ever carries a key an operator chose.
        const key = newToken();
        await this.admin.set(login, { callbackKey: key });
        return { shown: { kind: 'callbackKey', key } };
      }
      case 'testCallback': {
        const nowMs = this.clock.nowMs();
        const written = await this.writes.run((db) =>
          enqueueTestCallback(db, merchantId, request.key, nowMs),
        );
        if (!written) throw new AdminError('the merchant has no callback address');
        return { facts: { callbackId: request.key } };
      }
      case 'permit':
        await this.admin.permit(login, [change.permission]);
        return {};
      case 'revokePermission':
        await this.admin.revoke(login, [change.permission]);
        return {};
      case 'grantAccess':
      case 'revokeAccess': {
        await this.visibleTarget(request.operator, change.target);
        const verb = change.kind === 'grantAccess' ? 'permit' : 'revoke';
        await this.admin[verb](login, [], change.target);
        return {};
      }
      case 'addUser': {
        const made = await this.admin.credentials.addUser(login, change.userName);
        return { shown: { kind: 'password', ...made } };
      }
      case 'resetPassword': {
        const password = await this.admin.credentials.resetPassword(login, change.userName);
        return { shown: { kind: 'password', userName: change.userName, password } };
      }
      case 'issueToken':
        return { shown: { kind: 'token', ...(await this.admin.credentials.issueTokenWithId(login)) } };
      case 'revokeToken':
        await this.admin.credentials.revokeToken(login, change.tokenId);
        return {};
      case 'addCertificate':
        return { facts: await this.admin.addCertificate(login, change.pem) };
      case 'createWalletKey': {
        const certify = this.certifyWalletA;
        const made = await this.wallets.createKey(login, change.wallet, {
          ...(change.recipientId === undefined ? {} : { recipientId: change.recipientId }),
          ...(certify === undefined ? {} : { certify }),
        });
        return { shown: { kind: 'walletKey', ...made } };
      }
      case 'createChild': {
        // The new merchant would be outside the operator's own limit, out of their sight at once.
        if (request.operator.merchantIds !== undefined)
          throw new AdminError('an operator limited to some merchants cannot create merchants');
        const made = await this.admin.create({ login: change.login, parentLogin: login });
        return { shown: { kind: 'password', userName: made.userName, password: made.password } };
      }
    }
  }

  /** The id of a merchant the operator sees, or not found (never "exists elsewhere"). */
  private async merchantId(operator: Operator, login: string): Promise<string> {
    const merchant = await this.directory.byLogin(login);
    if (merchant === undefined || !seesMerchant(operator, merchant.id)) throw new ConsoleNotFound(login);
    return merchant.id;
  }

  /** A merchant named in a form must be one the operator sees; others read as nonexistent. */
  private async visibleTarget(operator: Operator, login: string): Promise<void> {
    const target = await this.directory.byLogin(login);
    if (target === undefined || !seesMerchant(operator, target.id))
      throw new AdminError(`merchant "${login}" does not exist`);
  }
}

/** What the audit keeps of a change: what was asked for. Changes that carry a secret carry none in. */
function auditDetails(change: MerchantChange): Record<string, unknown> {
  if (change.kind === 'settings') return { ...change.settings };
  // A certificate is named by its fingerprint and subject once read (Made.facts), not its PEM.
  return Object.fromEntries(Object.entries(change).filter(([name]) => name !== 'kind' && name !== 'pem'));
}

/** What the audit keeps of what a change made: ids and public facts, never the secret. */
function madeDetails(shown: ShownOnce): Record<string, unknown> {
  switch (shown.kind) {
    case 'password':
      return { userName: shown.userName };
    case 'token':
      return { tokenId: shown.id };
    case 'callbackKey':
      return {};
    case 'walletKey':
      return { keyId: shown.key.id, wallet: shown.key.wallet };
  }
}
