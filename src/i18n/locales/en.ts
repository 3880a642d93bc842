import { MESSAGES_EN, type MessageCatalogue } from '../messages-en.js';

export const messages: MessageCatalogue = MESSAGES_EN;
