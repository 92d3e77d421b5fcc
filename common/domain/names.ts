/** The parts of a name a person gave; either may be missing. */
export interface NameParts {
  firstName: string | null;
  lastName: string | null;
}

/** "First Last" from what the person gave, each part trimmed; '' when they gave neither. */
export const fullNameOf = (p: NameParts): string => [p.firstName?.trim(), p.lastName?.trim()].filter(Boolean).join(' ');

/** How a person is named to someone else (a mentor, a digest): the full name, or the address when there is no name. */
export const displayNameOf = (p: NameParts & { email: string }): string => fullNameOf(p) || p.email;
