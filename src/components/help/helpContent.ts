/**
 * Texts of the Help dialog. The topics and categories are fixed; each text says what this product does, with the
 * names its screens use. Figures come from where they are defined (limits, the measured receipt evaluation), never
 * typed in here.
 */
import { LIMITS } from "../../../worker/domain/constants";
import { RECEIPT_ACCURACY_SENTENCE } from "../../lib/claims";

export type HelpTopicKey = "pantry" | "recipes" | "mealPlanning" | "receipt" | "chef" | "insights" | "groceryLists";

export type HelpTopic = {
  key: HelpTopicKey;
  title: string;
  summary: string;
  difficulty: "Easy" | "Medium";
  /** Where the feature lives, for the "Open" link in the detail view. */
  path: "/pantry" | "/recipes" | "/meal-plans" | "/receipts/scan" | "/cooking-companion" | "/insights" | "/grocery-lists";
  steps: string[];
  tips: string[];
};

const RECEIPT_MB = LIMITS.receiptMaxBytes / (1024 * 1024);

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    key: "pantry",
    title: "Pantry Management",
    summary: "Keep track of what's in the fridge, freezer and cupboards, and when each thing expires.",
    difficulty: "Easy",
    path: "/pantry",
    steps: [
      "Open Pantry from the navigation (Fridge on the phone's bottom bar), or Add Item on the dashboard.",
      "Choose Add Item, enter the name and category, and set the quantity, container and where you keep it (fridge, freezer or pantry).",
      "Leave the expiry date empty and Plantry estimates it from food-safety storage times for that food and place; tick Don't auto-generate expiration date for things that don't expire.",
      "When you cook, use Use Some and pick Full, Half or Quarter (or type the amount); when something is finished it leaves the pantry. Delete asks before removing an item.",
    ],
    tips: [
      "Filters & Sort shows only what is expiring soon (expired or due within 7 days), or one category or storage place.",
      "Moving an item to the freezer or opening it changes its estimate; an estimate never moves later than the date it started with.",
      "Expired and nearly expired items have a red outline so they stand out.",
    ],
  },
  {
    key: "recipes",
    title: "Recipes",
    summary: "Cook from what you have: recipes from the built-in library, generated from your ingredients, imported from a link or from another app.",
    difficulty: "Easy",
    path: "/recipes",
    steps: [
      "Open Recipes. Search, open Filters (difficulty, diet, source, how many pantry items a recipe uses) or press What can I make? to rank recipes by what your pantry covers.",
      "Choose Generate Recipe: From my pantry (pick ingredients, soonest-expiring first, then meal type, servings, difficulty and how much should come from the fridge), or From ingredients or a link.",
      "Open a recipe to scale its servings, see which ingredients you have, edit ingredients, link the pantry items you used and leave comments with a rating.",
      "Save the recipes you like; thumbs up or down records what you think of each one.",
    ],
    tips: [
      "Paste a recipe page's link under From ingredients or a link to import it.",
      "Coming from another app? Import recipes reads Paprika, Mealie and Tandoor exports and schema.org recipe files, and shows every recipe for you to check before anything is saved.",
      "Library recipes can't be edited; generate or import your own copy to change it.",
    ],
  },
  {
    key: "mealPlanning",
    title: "Meal Planning",
    summary: "Plan breakfast, lunch and dinner on a calendar, around what is about to expire, and shop from the plan.",
    difficulty: "Medium",
    path: "/meal-plans",
    steps: [
      "Open Meal Plans and choose the week or month view; move with previous, next and today.",
      "Select a slot and choose a recipe (your saved ones first) or describe a custom meal; set the servings.",
      "Use Plan my week to fill the empty slots: each suggestion says why it was chosen, for example that it uses spinach expiring tomorrow. Lock the ones you like and reshuffle the rest.",
      "Drag an entry to another slot, or use Move or copy from the keyboard; Shopping list for this week turns the plan into a grocery list; pressed again, it adds the meals planned since to the same list.",
    ],
    tips: [
      "Repeat an entry weekly (pizza every Friday) or save a week as a template and apply it to another week.",
      "Cooked it takes a meal's ingredients out of your pantry after you check the amounts.",
      "Calendar feed gives a private link your phone's calendar can subscribe to; turn it off or renew it at any time.",
    ],
  },
  {
    key: "receipt",
    title: "Receipt Scanning",
    summary: "Photograph or upload a grocery receipt, check what was read, and add it all to your pantry in one go.",
    difficulty: "Easy",
    path: "/receipts/scan",
    steps: [
      "Tap the camera button (Scan) in the header or on the bottom bar.",
      `Drop a photo or PDF of the receipt, or choose a file (JPG, PNG or PDF up to ${RECEIPT_MB} MB).`,
      "Plantry reads the text on your device, then shows every line with its name, amount, price, category, storage place and estimated expiry.",
      "Untick anything you don't want (bags, deposits, non-food), correct what was misread and choose Add items to pantry.",
    ],
    tips: [
      `${RECEIPT_ACCURACY_SENTENCE} Flat paper, good light and the whole receipt in frame read best.`,
      `Free accounts can scan ${LIMITS.freeReceiptScansPerMonth} receipts a month; during the beta every account has unlimited scans.`,
      "Uploading the same receipt file twice brings back the first scan instead of making a second receipt.",
    ],
  },
  {
    key: "chef",
    title: "AI Cooking Companion",
    summary: "Ask the AI chef what to cook with what you have, for substitutions, safe temperatures, storage times and conversions.",
    difficulty: "Easy",
    path: "/cooking-companion",
    steps: [
      "Open AI Chef from the navigation.",
      "Pick a quick prompt (Recipe Ideas, Quick Meals, Party Food, Cooking Tips) or type your own question.",
      "The chef knows your pantry, what expires soon, your saved recipes, your plan and your allergies; tap a suggestion under an answer to keep going.",
      "Before it adds something to a list or plans a meal, it asks you first. Clear Chat starts a new conversation.",
    ],
    tips: [
      "Set your allergies and dislikes in your profile: the chef never suggests a recipe with an allergen.",
      "AI advice can be wrong: always check food-safety temperatures and cooking times.",
      "Messages can be up to 2000 characters.",
    ],
  },
  {
    key: "insights",
    title: "Smart Insights",
    summary: "See what you used and what went to waste, what you spend, and suggestions drawn from your own kitchen.",
    difficulty: "Medium",
    path: "/insights",
    steps: [
      "Open Insights from the navigation and choose weeks or months.",
      "Compare what was used with what was thrown away, and see which categories you waste most.",
      "Receipts you add show what you spend over time.",
      "On the dashboard, the smart insights panel suggests recipes that use what expires soonest, staples you've run out of, and cooking tips.",
    ],
    tips: [
      "Use Use Some when you eat something and Delete only when it's thrown away: that is what keeps the waste figures true.",
      "Thumbs up and down on recipes teach the recommendations what you like.",
    ],
  },
  {
    key: "groceryLists",
    title: "Grocery Lists",
    summary: "Shopping lists made by hand, from your meal plan or by asking the AI, that check off into your pantry.",
    difficulty: "Easy",
    path: "/grocery-lists",
    steps: [
      "Open Grocery Lists and choose New List, Generate with AI, or Add Sample Lists for a ready-made list for one person.",
      "Add items with a quantity, unit and category; suggestions appear as you type (arrow keys and Enter pick one).",
      "In the shop, tick items off; the list stays readable without a connection and ticks made offline are sent when you're back online.",
      "Done shopping moves the ticked items into your pantry after a quick review, with estimated expiry dates.",
    ],
    tips: [
      "Lists made from a meal plan merge the same food across recipes and leave out what your pantry already holds.",
      "Share a list as plain text with whoever is doing the shopping.",
    ],
  },
];

export type FaqCategory = { title: string; items: { question: string; answer: string }[] };

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    title: "Receipt Scanning",
    items: [
      {
        question: "How accurate is receipt scanning?",
        answer: `${RECEIPT_ACCURACY_SENTENCE} A photo that is blurry, crumpled or in shadow reads worse, which is why you review every line before anything is added.`,
      },
      {
        question: "Which files can I upload?",
        answer: `JPG, PNG or PDF files up to ${RECEIPT_MB} MB. Plantry checks what a file really is, not just its name.`,
      },
      {
        question: "How many receipts can I scan?",
        answer: `The Free plan includes ${LIMITS.freeReceiptScansPerMonth} scans a month and Premium is unlimited. During the beta every account has Premium for free.`,
      },
    ],
  },
  {
    title: "Account & Billing",
    items: [
      {
        question: "Is Plantry free?",
        answer: "Yes. Plantry is in beta: every feature, premium included, is free, and payments are not switched on. Special pricing will apply at launch.",
      },
      {
        question: "What will Premium cost?",
        answer: "Premium is planned at $5.99 a month with a 7-day free trial, and you'll be able to cancel anytime. We'll tell you in the app before paid plans start.",
      },
      {
        question: "How do I sign out?",
        answer: "Use Logout in the header (on a phone, in the menu).",
      },
    ],
  },
  {
    title: "Recipes",
    items: [
      {
        question: "How are recipes generated?",
        answer: "From the ingredients you choose, favouring what is about to expire, and never with an allergen from your profile. You can also import a recipe from a web link.",
      },
      {
        question: "Can I bring my recipes from another app?",
        answer: "Yes. On the Recipes page choose Import recipes and pick a Paprika export (.paprikarecipes), a Mealie or Tandoor export (.zip) or a schema.org recipe file (.json). You see every recipe first and save only the ones you tick.",
      },
      {
        question: "Can I change a generated recipe?",
        answer: "Yes. On the recipe page you can add, edit and remove ingredients, and link the pantry items you used.",
      },
    ],
  },
  {
    title: "Pantry Management",
    items: [
      {
        question: "How is the expiry date estimated?",
        answer: "From food-safety storage times for that food and where you keep it (fridge, freezer or pantry), counted from the day you bought it. You can always set the date yourself.",
      },
      {
        question: "What happens when I use part of an item?",
        answer: "Use Some lowers the amount left. When nothing is left, the item leaves your pantry and counts as used, not wasted.",
      },
    ],
  },
  {
    title: "Privacy & Security",
    items: [
      {
        question: "What data does Plantry keep?",
        answer: "Your account details, pantry items, grocery lists, recipes, meal plans, receipt images and AI usage, for as long as your account is active. See the Privacy Policy for details.",
      },
      {
        question: "Can I get a copy of my data?",
        answer: "Yes. In Your Profile, Your data > Download my data gives a file of everything your account holds, plus spreadsheets of your pantry and grocery lists.",
      },
      {
        question: "How do I delete my account?",
        answer: "In Your Profile, Your data > Delete my account. It removes everything at once: your records, receipt images, profile photo and every signed-in device. It can't be undone.",
      },
    ],
  },
];

export const QUICK_TIPS: readonly { title: string; text: string }[] = [
  { title: "Scan right after shopping", text: "Scanning the receipt as soon as you get home keeps your pantry accurate with almost no typing." },
  { title: "Cook what expires first", text: "The dashboard's Expiring Soon list shows what to use up first." },
  { title: "Plan three dinners", text: "Even a partial meal plan cuts impulse buys and forgotten leftovers." },
  { title: "Store smart", text: "Set the storage place for each item; the freezer buys you weeks." },
  { title: "Ask the chef", text: "Missing an ingredient? Ask the AI Chef for a substitution." },
  { title: "Keyboard friendly", text: "Press F8 to jump to the latest message; Escape closes any dialog." },
];
