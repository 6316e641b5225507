/** The credit note that cancels an invoice after a refund carries the invoice's number after `AV-`. */
export function creditNoteNumber(invoiceNumber: string): string {
  return `AV-${invoiceNumber}`;
}
