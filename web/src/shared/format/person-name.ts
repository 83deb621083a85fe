import type { SessionUser } from '../session/session-user';

export type NameFormat = 'first_name' | 'preferred_name' | 'display_name';

type NamedEntity = Pick<SessionUser, 'first_name' | 'last_name' | 'preferred_name' | 'display_name' | 'entity_name'>;

/**
 * The name used to greet a client (spec 2 §2.1). The configured name format picks the field
 * (default first_name). A non-individual (a trust or company: no first or last name) is greeted
 * by its entity name. Each choice falls back to the next available name.
 */
export function greetingName(entity: NamedEntity, format: NameFormat = 'first_name'): string {
  const isIndividual = Boolean(entity.first_name || entity.last_name);
  if (!isIndividual) return entity.entity_name || entity.display_name;
  const byFormat: Record<NameFormat, string | null> = {
    first_name: entity.first_name,
    preferred_name: entity.preferred_name || entity.first_name,
    display_name: entity.display_name,
  };
  return byFormat[format] || entity.first_name || entity.display_name || entity.entity_name;
}
