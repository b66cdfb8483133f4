import type { ReminderCampaign } from '@eisteddfod/shared';
import type { CampaignListRow } from './reminder-campaigns.repository.ts';

/** A campaign as the organisers' console reads it, with its messages' states. */
export function toCampaign(row: CampaignListRow): ReminderCampaign {
  const c = row.campaign;
  return {
    id: c.id,
    eventId: c.eventId,
    eventName: row.eventName,
    kind: c.kind,
    channels: c.channels,
    status: c.status,
    sendAt: c.sendAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
    createdBy: row.creatorFirstName ? `${row.creatorFirstName} ${row.creatorSurname}` : '',
    finishedAt: c.finishedAt?.toISOString() ?? null,
    families: c.families,
    automatic: c.automatic,
    dueDate: c.dueDate,
    audience: c.audience,
    delivery: {
      email: { queued: row.emailQueued, sent: row.emailSent, failed: row.emailFailed },
      whatsapp: { queued: row.whatsappQueued, sent: row.whatsappSent, failed: row.whatsappFailed },
    },
  };
}
