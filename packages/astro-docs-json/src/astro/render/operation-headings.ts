import { LOCATION_TITLES, type OperationView } from '../../core/openapi/view.ts';

/** The sections of an operation's page, for its headings and the table of contents. */
export function operationSections(view: OperationView): Array<{ slug: string; text: string }> {
  return [
    ...(view.security.length ? [{ slug: 'authorizations', text: 'Authorizations' }] : []),
    ...view.parameters.map((group) => ({ slug: `${group.location}-parameters`, text: LOCATION_TITLES[group.location] })),
    ...(view.requestBody ? [{ slug: 'body', text: view.kind === 'webhook' ? 'Payload' : 'Body' }] : []),
    ...(view.responses.length ? [{ slug: 'responses', text: 'Responses' }] : []),
  ];
}
