import {
  AGS_SCOPE,
  LTI_MEDIA_TYPE,
  lineItemContainerSchema,
  lineItemSchema,
  type LineItem,
  type NewLineItem,
  type Score,
} from './claims';
import {
  LtiServiceError,
  serviceRequest,
  serviceUrl,
  type ServiceCallContext,
} from './serviceToken';

/**
 * The tool's Assignment and Grade Services 2.0 client: post a score to a line item, and find or
 * create the line item a resource link grades into. Every failure is an LtiServiceError, with
 * `retryable` telling a queue whether to try again.
 */

export interface LineItemFilter {
  resourceLinkId?: string;
  resourceId?: string;
  tag?: string;
}

/** AGS 2.0 §3.4: the scores endpoint is the line item URL with `/scores` added to its path. */
export function scoresUrl(lineItemUrl: string): string {
  const url = serviceUrl(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.toString();
}

/** The container URL with the filter as query parameters, keeping any query the platform put. */
export function filteredLineItemsUrl(lineItemsUrl: string, filter: LineItemFilter): string {
  const url = serviceUrl(lineItemsUrl);
  if (filter.resourceLinkId !== undefined)
    url.searchParams.set('resource_link_id', filter.resourceLinkId);
  if (filter.resourceId !== undefined) url.searchParams.set('resource_id', filter.resourceId);
  if (filter.tag !== undefined) url.searchParams.set('tag', filter.tag);
  return url.toString();
}

/** Whether a listed line item is the one `wanted` describes (platforms may ignore the filter). */
export function matchesLineItem(item: LineItem, wanted: LineItemFilter): boolean {
  return (
    (wanted.resourceLinkId === undefined || item.resourceLinkId === wanted.resourceLinkId) &&
    (wanted.resourceId === undefined || item.resourceId === wanted.resourceId) &&
    (wanted.tag === undefined || item.tag === wanted.tag)
  );
}

export async function postScore(
  context: ServiceCallContext,
  lineItemUrl: string,
  score: Score,
): Promise<void> {
  await serviceRequest(context, [AGS_SCOPE.score], {
    url: scoresUrl(lineItemUrl),
    method: 'POST',
    contentType: LTI_MEDIA_TYPE.score,
    body: score,
  });
}

export async function listLineItems(
  context: ServiceCallContext,
  lineItemsUrl: string,
  filter: LineItemFilter = {},
): Promise<LineItem[]> {
  const url = filteredLineItemsUrl(lineItemsUrl, filter);
  const response = await serviceRequest(context, [AGS_SCOPE.lineItem], {
    url,
    method: 'GET',
    accept: LTI_MEDIA_TYPE.lineItemContainer,
  });
  const parsed = lineItemContainerSchema.safeParse(response.json);
  if (!parsed.success) {
    throw new LtiServiceError('invalid_response', `${url} answered an unreadable line item list`, {
      url,
    });
  }
  return parsed.data.filter((item) => matchesLineItem(item, filter));
}

export async function createLineItem(
  context: ServiceCallContext,
  lineItemsUrl: string,
  item: NewLineItem,
): Promise<LineItem> {
  const response = await serviceRequest(context, [AGS_SCOPE.lineItem], {
    url: lineItemsUrl,
    method: 'POST',
    contentType: LTI_MEDIA_TYPE.lineItem,
    accept: LTI_MEDIA_TYPE.lineItem,
    body: item,
  });
  const parsed = lineItemSchema.safeParse(response.json);
  if (!parsed.success) {
    throw new LtiServiceError(
      'invalid_response',
      `${lineItemsUrl} answered an unreadable line item`,
      {
        url: lineItemsUrl,
      },
    );
  }
  return parsed.data;
}

/**
 * The line item for this resource link (and resourceId/tag when given), created when the
 * platform has none. Two tools racing could both create one; the platform keeps both and the
 * next lookup takes the first, which is what LMSs show too.
 */
export async function findOrCreateLineItem(
  context: ServiceCallContext,
  lineItemsUrl: string,
  item: NewLineItem,
): Promise<LineItem> {
  const filter: LineItemFilter = {
    ...(item.resourceLinkId === undefined ? {} : { resourceLinkId: item.resourceLinkId }),
    ...(item.resourceId === undefined ? {} : { resourceId: item.resourceId }),
    ...(item.tag === undefined ? {} : { tag: item.tag }),
  };
  const [existing] = await listLineItems(context, lineItemsUrl, filter);
  return existing ?? createLineItem(context, lineItemsUrl, item);
}
