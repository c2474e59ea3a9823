import {
  LTI_MEDIA_TYPE,
  NRPS_SCOPE,
  membershipContainerSchema,
  type Membership,
  type MembershipContainer,
} from './claims';
import {
  LtiServiceError,
  serviceRequest,
  serviceUrl,
  type ServiceCallContext,
} from './serviceToken';

/**
 * The tool's Names and Role Provisioning Services 2.0 client: every member of a context,
 * following Link rel="next" pages. Every failure is an LtiServiceError.
 */

export interface Roster {
  context: MembershipContainer['context'];
  members: Membership[];
}

export interface FetchMembersOptions {
  /** Only members with this role (full URI), as NRPS's `role` query parameter. */
  role?: string;
  /** Page size asked for (`limit`); the platform may choose another. */
  limit?: number;
  /** Pages followed before giving up; default 100 (a loop of next links must end). */
  maxPages?: number;
}

/** The rel="next" target of an RFC 8288 Link header, resolved against the request URL. */
export function nextPageUrl(linkHeader: string | null, base: string): string | null {
  if (!linkHeader) return null;
  for (const part of linkHeader.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>\s*(.*)$/.exec(part);
    if (!match) continue;
    const params = match[2] ?? '';
    const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next')) {
      try {
        return new URL(match[1] ?? '', base).toString();
      } catch {
        return null;
      }
    }
  }
  return null;
}

export async function fetchMembers(
  context: ServiceCallContext,
  membershipsUrl: string,
  options: FetchMembersOptions = {},
): Promise<Roster> {
  const first = serviceUrl(membershipsUrl);
  if (options.role !== undefined) first.searchParams.set('role', options.role);
  if (options.limit !== undefined) first.searchParams.set('limit', String(options.limit));
  const maxPages = options.maxPages ?? 100;
  const members: Membership[] = [];
  let rosterContext: Roster['context'] | null = null;
  let url: string | null = first.toString();
  for (let page = 0; url !== null; page += 1) {
    if (page >= maxPages) {
      throw new LtiServiceError('bad_paging', `${membershipsUrl} has more than ${maxPages} pages`, {
        url: membershipsUrl,
      });
    }
    const response = await serviceRequest(context, [NRPS_SCOPE.contextMembershipReadOnly], {
      url,
      method: 'GET',
      accept: LTI_MEDIA_TYPE.membershipContainer,
    });
    const parsed = membershipContainerSchema.safeParse(response.json);
    if (!parsed.success) {
      throw new LtiServiceError('invalid_response', `${url} answered an unreadable roster`, {
        url,
      });
    }
    rosterContext ??= parsed.data.context;
    members.push(...parsed.data.members);
    const next = nextPageUrl(response.headers.get('link'), url);
    // The bearer token goes with every page: never to another origin than the roster's own.
    if (next !== null && new URL(next).origin !== first.origin) {
      throw new LtiServiceError('bad_paging', `${url} points its next page at another origin`, {
        url,
      });
    }
    url = next;
  }
  return { context: rosterContext ?? { id: '' }, members };
}
