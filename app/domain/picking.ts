// A slot's pick list (issue 46): staff's words for ticking its lines. The list itself is summed
// by the Shop (staff.pickList); staff pages are in English (decision 052).

export const PICK_MESSAGES = {
  notOnList: "That item is not on this slot's pick list.",
  picked: (title: string) => `${title} ticked as picked.`,
  unpicked: (title: string) => `${title} is to pick again.`,
} as const;
