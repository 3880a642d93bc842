import type { BrowserData } from '../../domain/three-ds-device.js';
import type { OperationContext } from '../operation.js';
import type { ValueOf } from '../params/value-type.js';
import type { BLOCKS } from '../params/shared-blocks.js';

type BrowserInfo = ValueOf<(typeof BLOCKS)['clientBrowserInfo']>;

/** The browser as the AReq describes it: from clientBrowserInfo when the merchant sends it. */
export function browserData(
  params: {
    readonly clientBrowserInfo?: BrowserInfo;
    readonly ip?: string;
    readonly language?: string;
  },
  context: OperationContext,
): BrowserData {
  const info = params.clientBrowserInfo;
  return {
    acceptHeader: info?.browserAcceptHeader ?? 'text/html',
    ip: info?.browserIpAddress ?? params.ip ?? context.clientIp,
    ...(info?.javaEnabled === undefined ? {} : { javaEnabled: info.javaEnabled }),
    javascriptEnabled: info?.javascriptEnabled ?? false,
    language: info?.browserLanguage ?? params.language ?? context.merchant.defaultLanguage,
    ...(info?.colorDepth === undefined ? {} : { colorDepth: info.colorDepth }),
    ...(info?.screenHeight === undefined ? {} : { screenHeight: String(info.screenHeight) }),
    ...(info?.screenWidth === undefined ? {} : { screenWidth: String(info.screenWidth) }),
    ...(info?.browserTimeZoneOffset === undefined ? {} : { timeZoneOffset: info.browserTimeZoneOffset }),
    userAgent: info?.userAgent ?? 'unknown',
  };
}
