import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, type Lang } from '@recup/infra/http/language';
import { HttpProblem } from '@recup/infra/http/problem';
import { requireUser } from '@recup/infra/http/sessions';
import { DEMO_SELLER } from '@recup/infra/seller-identity';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@recup/projector/organizations/organization-document';
import { AdminStatementParams, AdminStatementsQuery, AdminStatementSummaryDto, RevenueDto, StatementDto, StatementQuery } from '../contracts/statements';
import type { QueryApiDeps } from '../deps';
import { ownOrganization } from '../organization/organization-reads';
import { statementCsv } from './statement-csv';
import { renderStatementPdf } from './statement-pdf';
import { centreLedger, revenueOf, statementOf, summaryOf } from './statement-reads';

const organizationNotFound = () => new HttpProblem(404, 'ORGANIZATION_NOT_FOUND', { fr: 'Centre de formation introuvable.', en: 'Training centre not found.' });

/**
 * The centre's money (issue 20 §6): what it earned per course and per month, and its monthly statements (JSON,
 * PDF, CSV) of what the platform owes it; the administrators see every centre's.
 */
export async function statementRoutes(app: FastifyInstance, deps: QueryApiDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { readStore } = deps;
  const commissionPercent = deps.platformCommissionPercent ?? 0;
  const seller = deps.seller ?? DEMO_SELLER;

  async function answer(reply: FastifyReply, organization: OrganizationDocument, month: string, format: 'json' | 'pdf' | 'csv' | undefined, lang: Lang) {
    const statement = await statementOf(readStore, organization, month, { commissionPercent, now: deps.clock.now() });
    const base = lang === 'fr' ? `releve-${month}` : `statement-${month}`;
    if (format === 'csv') {
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${base}.csv"`).send(Buffer.from(statementCsv(statement, lang), 'utf8'));
    }
    if (format === 'pdf') {
      const pdf = await renderStatementPdf({
        lang, statement,
        centre: { address: organization.address, postalCode: organization.postalCode, city: organization.city, prefectApprovalReference: organization.prefectApprovalReference },
        issuer: { name: seller.name, address: seller.address, siret: seller.siret },
      });
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${base}.pdf"`).send(pdf);
    }
    return statement;
  }

  api.get('/api/organization/statements', { schema: { querystring: StatementQuery, response: { 200: StatementDto } } }, async (request, reply) => {
    const organization = await ownOrganization(readStore, requireUser(request, ['ORGANIZATION']).userId);
    return answer(reply, organization, request.query.month, request.query.format, languageOf(request));
  });

  api.get('/api/organization/revenue', { schema: { response: { 200: RevenueDto } } }, async (request) => {
    const organization = await ownOrganization(readStore, requireUser(request, ['ORGANIZATION']).userId);
    return revenueOf(await centreLedger(readStore, organization._id), deps.clock.now());
  });

  /** Every centre's statement of the month, the centres that are live or had money that month, by name. */
  api.get('/api/admin/statements', { schema: { querystring: AdminStatementsQuery, response: { 200: z.array(AdminStatementSummaryDto) } } }, async (request) => {
    requireUser(request, ['ADMIN']);
    const organizations = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).find({}, { sort: { name: 1, _id: 1 } });
    const now = deps.clock.now();
    const summaries = [];
    for (const organization of organizations) {
      const statement = summaryOf(await statementOf(readStore, organization, request.query.month, { commissionPercent, now }));
      if (organization.deletedAt && statement.bookings === 0 && !statement.payment) continue;
      summaries.push(statement);
    }
    return summaries.sort((a, b) => a.organization.name.localeCompare(b.organization.name, 'fr'));
  });

  api.get('/api/admin/statements/:organizationId', { schema: { params: AdminStatementParams, querystring: StatementQuery, response: { 200: StatementDto } } }, async (request, reply) => {
    requireUser(request, ['ADMIN']);
    const organization = await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ _id: request.params.organizationId });
    if (!organization) throw organizationNotFound();
    return answer(reply, organization, request.query.month, request.query.format, languageOf(request));
  });
}
