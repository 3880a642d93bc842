/** A mistake in an operator's command; the CLI prints the message and exits non-zero. */
export class AdminError extends Error {
  override readonly name = 'AdminError';
}
