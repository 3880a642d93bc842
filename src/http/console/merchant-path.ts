import { CONSOLE_PATH } from './console-session.js';

export const MERCHANTS_PATH = `${CONSOLE_PATH}/merchants`;

export function merchantPath(login: string): string {
  return `${MERCHANTS_PATH}/${encodeURIComponent(login)}`;
}
