/** Every kind of business document the corpus generates. */
import type { KindId } from '../model.js';
import { bankStatement } from './bank-statement.js';
import { billOfLading } from './bill-of-lading.js';
import { contractCover } from './contract-cover.js';
import { customsDeclaration } from './customs-declaration.js';
import { deliveryNote } from './delivery-note.js';
import { expenseReport } from './expense-report.js';
import { insuranceCertificate } from './insurance-certificate.js';
import type { KindDefinition } from './kind.js';
import { labReport } from './lab-report.js';
import { payslip } from './payslip.js';
import { purchaseOrder } from './purchase-order.js';
import { timesheet } from './timesheet.js';
import { utilityBill } from './utility-bill.js';

export const KINDS: Record<KindId, KindDefinition> = {
  purchase_order: purchaseOrder,
  delivery_note: deliveryNote,
  bank_statement: bankStatement,
  payslip,
  utility_bill: utilityBill,
  insurance_certificate: insuranceCertificate,
  lab_report: labReport,
  bill_of_lading: billOfLading,
  timesheet,
  expense_report: expenseReport,
  customs_declaration: customsDeclaration,
  contract_cover: contractCover,
};
