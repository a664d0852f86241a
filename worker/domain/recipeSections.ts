/**
 * The names of a recipe's sections, as pages and pasted text write them: one vocabulary for the page importer's
 * heading reading and the offline text reader, in the languages the importer reads. Pure; no I/O.
 */

/** The start of a section's name, with the article some write before it ("Die Zutaten", "Les ingrédients"). */
const SECTION_ARTICLE = String.raw`^(?:(?:the|die|der|das|les|la|le|el|los|las|os|as|de|het|gli|i)\s+)?`;

// Japanese, Chinese and Korean names, which no word boundary follows (their letters are not word characters to \b).
const CJK_INGREDIENTS = "材料|食材|用料|재료";
const CJK_INSTRUCTIONS = "作り方|手順|做法|步骤|步驟|作法|만드는\\s*법|조리\\s*(?:방법|순서)|조리법";

export const INGREDIENTS_HEADING = new RegExp(
  SECTION_ARTICLE +
    String.raw`(?:(?:ingredients?|ingredienser|zutaten|ingrédients|ingredientes|ingredienti|ingrediente|ingrediënten|składniki|(?:wat )?(?:heb je|hebben we|hebt u) nodig|(?:what )?you(?:'|’)?ll need|(?:what )?you will need|shopping list)\b|${CJK_INGREDIENTS})`,
  "iu",
);

// "To make the sauce" is not here: it names a group inside the ingredients or the steps, not where the steps start.
export const INSTRUCTIONS_HEADING = new RegExp(
  SECTION_ARTICLE +
    String.raw`(?:(?:directions?|instructions?|method|preparation|procedure|process|steps|how to make(?: it)?|zubereitung|préparation|preparación|preparazione|preparo|modo de prepar[oa]|modo de preparación|procedimento|elaboración|bereiding|bereidingswijze|werkwijze|hoe (?:ga|gaan) (?:je|we|u) te werk|mod de preparare|preparare|przygotowanie)\b|${CJK_INSTRUCTIONS})`,
  "iu",
);

/**
 * A heading that names a part of the recipe ("For the tempering (optional)", "Für den Teig", "Pour la sauce"): blogs
 * give it the same level as the "Ingredients" heading above it, yet the section goes on.
 */
const PART_WORD = String.raw`for|für|pour|per|para|voor`;
export const PART_HEADING =
  /^(?:for(?: the| a| an)?|to make(?: the)?|für(?: den| die| das)?|pour(?: la| le| les| l['’])?|per(?: il| la| lo| le| i| gli| l['’])?|para(?: el| la| los| las)?|voor(?: de| het)?)\s+\p{L}/iu;
/** A section heading that names a part inside it ("Directions for the icing", "Zubereitung für die Sauce"). */
export const PART_WITHIN = new RegExp(String.raw`\s(?:${PART_WORD})\s`, "i");

/** Sections after a recipe that end its ingredients or steps. */
export const OTHER_SECTION_HEADING =
  /^(?:notes?|tips?|nutrition|reviews?|comments?|related|you may also like|more recipes|video|share|print|equipment|serving suggestions?|storage)\b/i;

/**
 * A recipe's steps in their sections: importers keep a section's name ("For the sauce:", a HowToSection's name) as a
 * line ending in a colon among the steps. A line counts as a name only when it is short, is not a sentence and has
 * steps after it; `start` numbers the steps on from the sections before.
 */
export function stepSections(steps: string[]): { heading: string | null; start: number; steps: string[] }[] {
  const isHeading = (line: string, index: number) => {
    const text = line.trim();
    const next = steps[index + 1];
    return text.length <= 60 && /[^:]:$/.test(text) && !/[.!?;]\s/.test(text) && next !== undefined && !/:$/.test(next.trim());
  };
  const sections: { heading: string | null; start: number; steps: string[] }[] = [];
  let number = 1;
  steps.forEach((line, index) => {
    if (isHeading(line, index)) {
      sections.push({ heading: line.trim().slice(0, -1).trim(), start: number, steps: [] });
      return;
    }
    const last = sections[sections.length - 1];
    if (last) last.steps.push(line);
    else sections.push({ heading: null, start: number, steps: [line] });
    number++;
  });
  return sections;
}
