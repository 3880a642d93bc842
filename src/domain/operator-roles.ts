/**
 * Who may do what in the operator console. The table is the rule: services ask it before they
 * read or change anything, so a page that forgets a check still cannot act (issue 27).
 */
export const OPERATOR_ROLES = ['admin', 'support', 'finance', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const CONSOLE_RIGHTS = [
  'orders.view',
  'orders.capture',
  'orders.reverse',
  'orders.refund',
  'orders.decline',
  'callbacks.replay',
  'steps.resolve',
  'merchants.view',
  'merchants.manage',
  'audit.view',
  'overview.view',
  'sandbox.use',
] as const;
export type ConsoleRight = (typeof CONSOLE_RIGHTS)[number];

const VIEWING: readonly ConsoleRight[] = ['orders.view', 'merchants.view', 'overview.view'];

export const ROLE_RIGHTS: Readonly<Record<OperatorRole, ReadonlySet<ConsoleRight>>> = {
  admin: new Set(CONSOLE_RIGHTS),
  // Answers customers and chases stuck money: every order action, no merchant settings.
  support: new Set<ConsoleRight>([
    ...VIEWING,
    'orders.capture',
    'orders.reverse',
    'orders.refund',
    'orders.decline',
    'callbacks.replay',
    'steps.resolve',
    'audit.view',
    'sandbox.use',
  ]),
  // Checks what settled and gives money back; does not cancel orders or replay callbacks.
  finance: new Set<ConsoleRight>([...VIEWING, 'orders.capture', 'orders.refund', 'audit.view']),
  viewer: new Set<ConsoleRight>(VIEWING),
};

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

export function roleHas(role: OperatorRole, right: ConsoleRight): boolean {
  return ROLE_RIGHTS[role].has(right);
}
