/** The payer blocks an order keeps together (register.do, instantPayment.do): what was sent of them. */
export const PAYER_BLOCKS = [
  'billingPayerData',
  'shippingPayerData',
  'preOrderPayerData',
  'orderPayerData',
  'billingAndShippingAddressMatchIndicator',
] as const;

export function payerDataOf(
  params: Partial<Record<(typeof PAYER_BLOCKS)[number], unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(
    PAYER_BLOCKS.filter((name) => params[name] !== undefined).map((name) => [name, params[name]]),
  );
}
