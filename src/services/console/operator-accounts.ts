import type { Clock } from '../../domain/clock.js';
import { isOperatorRole, type OperatorRole } from '../../domain/operator-roles.js';
import type { RandomSource } from '../../domain/random-source.js';
import { hashPassword } from '../../security/password-hash.js';
import type { SecretBox } from '../../security/secret-box.js';
import { newPassword } from '../../security/token-hash.js';
import type { GroupCommit } from '../../store-engine/index.js';
import { OperatorRepository, type OperatorRecord } from '../../store/operator-repository.js';
import { AdminError } from '../admin-error.js';
import type { MerchantDirectory } from '../merchant-directory.js';
import { newTotp, type TotpEnrolment } from './totp.js';

/** Long enough to resist guessing behind the lock-out; the console's password field allows 128. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

export interface OperatorView {
  readonly id: string;
  readonly email: string;
  readonly role: OperatorRole;
  readonly disabled: boolean;
  readonly totp: boolean;
  /** Logins of the merchants a limit names; empty: every merchant. */
  readonly merchants: readonly string[];
}

export interface NewOperator {
  readonly email: string;
  readonly role: string;
  readonly merchants: readonly string[];
  readonly password?: string;
}

function checkedPassword(password: string): string {
  if (password.length < OPERATOR_PASSWORD_MIN || password.length > OPERATOR_PASSWORD_MAX)
    throw new AdminError(
      `the password must be ${OPERATOR_PASSWORD_MIN} to ${OPERATOR_PASSWORD_MAX} characters long`,
    );
  return password;
}

/** What `gatehouse operator …` does: accounts of the people who run the console. */
export class OperatorAccounts {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly directory: MerchantDirectory,
    private readonly writes: GroupCommit,
    private readonly box: SecretBox,
    private readonly random: RandomSource,
    private readonly clock: Clock,
  ) {}

  /** Creates the operator; the password is returned when it was generated (shown once). */
  async create(input: NewOperator): Promise<{ operator: OperatorView; password?: string }> {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email)) throw new AdminError(`"${input.email}" is not an email address`);
    if (!isOperatorRole(input.role))
      throw new AdminError(`--role must be admin, support, finance or viewer, not "${input.role}"`);
    if ((await this.operators.byEmail(email)) !== undefined)
      throw new AdminError(`an operator "${email}" exists already`);
    const merchantIds: string[] = [];
    for (const login of input.merchants) {
      const merchant = await this.directory.byLogin(login);
      if (merchant === undefined) throw new AdminError(`merchant "${login}" does not exist`);
      merchantIds.push(merchant.id);
    }
    const password = input.password === undefined ? newPassword() : checkedPassword(input.password);
    const nowMs = this.clock.nowMs();
    const row = {
      id: this.random.uuid(),
      email,
      role: input.role,
      password_hash: await hashPassword(password),
      disabled: 0,
      totp_sealed: null,
      totp_last_step: null,
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
    };
    await this.writes.run((db) => OperatorRepository.insert(db, row, merchantIds));
    const operator = await this.view(email);
    return input.password === undefined ? { operator, password } : { operator };
  }

  async list(): Promise<OperatorView[]> {
    const records = await this.operators.list();
    return Promise.all(records.map((record) => this.viewOf(record)));
  }

  async view(email: string): Promise<OperatorView> {
    return this.viewOf(await this.found(email));
  }

  /** Disables the operator and ends every session of theirs at once. */
  async disable(email: string): Promise<void> {
    const operator = await this.found(email);
    const nowMs = this.clock.nowMs();
    await this.writes.run(async (db) => {
      await OperatorRepository.update(db, operator.id, { disabled: 1, updated_at_ms: nowMs });
      await OperatorRepository.endSessionsOf(db, operator.id);
    });
  }

  async enable(email: string): Promise<void> {
    const operator = await this.found(email);
    const nowMs = this.clock.nowMs();
    await this.writes.run((db) =>
      OperatorRepository.update(db, operator.id, { disabled: 0, updated_at_ms: nowMs }),
    );
  }

  /** A new password (generated when none is given, and returned to be shown once); sessions end. */
  async resetPassword(email: string, password?: string): Promise<string | undefined> {
    const operator = await this.found(email);
    const chosen = password === undefined ? newPassword() : checkedPassword(password);
    const hash = await hashPassword(chosen);
    const nowMs = this.clock.nowMs();
    await this.writes.run(async (db) => {
      await OperatorRepository.update(db, operator.id, { password_hash: hash, updated_at_ms: nowMs });
      await OperatorRepository.endSessionsOf(db, operator.id);
    });
    return password === undefined ? chosen : undefined;
  }

  /** Turns the second factor on with a new secret (sealed); the enrolment is shown once. */
  async enableTotp(email: string): Promise<TotpEnrolment> {
    const operator = await this.found(email);
    const enrolment = newTotp(operator.email);
    const sealed = this.box.seal(enrolment.secret, operator.id);
    const nowMs = this.clock.nowMs();
    await this.writes.run(async (db) => {
      await OperatorRepository.update(db, operator.id, {
        totp_sealed: sealed,
        totp_last_step: null,
        updated_at_ms: nowMs,
      });
      await OperatorRepository.endSessionsOf(db, operator.id);
    });
    return enrolment;
  }

  async disableTotp(email: string): Promise<void> {
    const operator = await this.found(email);
    const nowMs = this.clock.nowMs();
    await this.writes.run((db) =>
      OperatorRepository.update(db, operator.id, {
        totp_sealed: null,
        totp_last_step: null,
        updated_at_ms: nowMs,
      }),
    );
  }

  private async found(email: string): Promise<OperatorRecord> {
    const operator = await this.operators.byEmail(email.trim().toLowerCase());
    if (operator === undefined) throw new AdminError(`no operator "${email}"`);
    return operator;
  }

  private async viewOf(record: OperatorRecord): Promise<OperatorView> {
    const merchants: string[] = [];
    for (const id of record.merchantIds) merchants.push((await this.directory.byId(id))?.login ?? id);
    return {
      id: record.id,
      email: record.email,
      role: isOperatorRole(record.role) ? record.role : 'viewer',
      disabled: record.disabled === 1,
      totp: record.totp_sealed !== null,
      merchants,
    };
  }
}
