/** Texts of the Help dialog (spec part 2, Help dialog). The spec fixes the topics and categories, not the wording. */

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

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    key: "pantry",
    title: "Pantry Management",
    summary: "Keep track of what you have in the fridge, freezer and cupboards, and when it expires.",
    difficulty: "Easy",
    path: "/pantry",
    steps: [
      "Open My Pantry from the navigation (Fridge on the bottom bar).",
      "Choose Add Item, enter the name and category, and adjust the quantity and storage place.",
      "Leave the expiry date empty and Plantry estimates it from the food and where you keep it.",
      "Use Some when you cook with part of an item; Delete when it is gone.",
    ],
    tips: [
      "Filter by Expiring to see what to cook first.",
      "Items stored in the freezer keep much longer than in the fridge; pick the right place for a better estimate.",
      "Tick Don't auto-generate expiration date for things that never expire.",
    ],
  },
  {
    key: "recipes",
    title: "Recipes",
    summary: "Generate recipes from what you have, import them from the web and keep your favourites.",
    difficulty: "Easy",
    path: "/recipes",
    steps: [
      "Open Recipes and choose Generate Recipe.",
      "Pick ingredients from your pantry (the ones expiring soonest come first) or type your own.",
      "Choose meal type, servings and difficulty, then generate.",
      "Save recipes you like; rate them and leave comments for next time.",
    ],
    tips: [
      "Paste a recipe link to import it instead of generating one.",
      "Thumbs up or down teaches Plantry what you like.",
      "Ingredients you already have are marked as available on the recipe page.",
    ],
  },
  {
    key: "mealPlanning",
    title: "Meal Planning",
    summary: "Plan breakfast, lunch and dinner for the week and turn the plan into a shopping list.",
    difficulty: "Medium",
    path: "/meal-plans",
    steps: [
      "Open Meal Plans and pick the week or month view.",
      "Select an empty slot and choose a saved recipe or describe a meal.",
      "Move between weeks with the previous and next buttons.",
      "Create a grocery list from the recipes in your plan.",
    ],
    tips: [
      "Plan meals around items that expire this week.",
      "Cook once, eat twice: plan leftovers for the next day's lunch.",
    ],
  },
  {
    key: "receipt",
    title: "Receipt Scanning",
    summary: "Photograph a grocery receipt and add everything on it to your pantry in one go.",
    difficulty: "Easy",
    path: "/receipts/scan",
    steps: [
      "Tap the camera button (Scan) in the header or the bottom bar.",
      "Drop a photo or PDF of the receipt, or choose a file (JPG, PNG or PDF up to 10 MB).",
      "Wait while Plantry reads the items; they are added to your pantry with estimated expiry dates.",
      "Check the new items in your pantry and correct anything that was misread.",
    ],
    tips: [
      "Scanning is 90-95% accurate with clear photos: flat paper, good light, the whole receipt in frame.",
      "Free accounts can scan 5 receipts per month; during the beta all premium features are free.",
    ],
  },
  {
    key: "chef",
    title: "AI Cooking Companion",
    summary: "Ask the AI chef for ideas, substitutions, timings and techniques while you cook.",
    difficulty: "Easy",
    path: "/cooking-companion",
    steps: [
      "Open AI Chef from the navigation.",
      "Pick a quick prompt or type your own question.",
      "Tap a suggestion under the answer to keep the conversation going.",
      "Use Clear Chat to start a new conversation.",
    ],
    tips: [
      "Mention what you have in the pantry for more useful answers.",
      "AI advice can be wrong: always check food-safety temperatures and cooking times.",
    ],
  },
  {
    key: "insights",
    title: "Smart Insights",
    summary: "See what you waste and spend, and get recommendations based on your habits.",
    difficulty: "Medium",
    path: "/insights",
    steps: [
      "Open Insights from the navigation.",
      "Review the recommendations and cooking tips picked for you.",
      "Check shopping suggestions and add them to a list.",
      "Look at your cooking profile to see your progress.",
    ],
    tips: ["Insights get better the more you use the pantry and rate recipes.", "Mark items as used rather than deleting them so waste figures stay accurate."],
  },
  {
    key: "groceryLists",
    title: "Grocery Lists",
    summary: "Build shopping lists by hand, from a meal plan, or by describing what you need to the AI.",
    difficulty: "Easy",
    path: "/grocery-lists",
    steps: [
      "Open Grocery Lists and choose New List, or Generate with AI.",
      "Add items with quantities, units and categories; suggestions appear as you type.",
      "Tick items off as you shop.",
      "Start from the sample lists if you want inspiration.",
    ],
    tips: ["Lists generated from a meal plan skip what your pantry already holds.", "Group items by category to shop aisle by aisle."],
  },
];

export type FaqCategory = { title: string; items: { question: string; answer: string }[] };

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    title: "Receipt Scanning",
    items: [
      {
        question: "How accurate is receipt scanning?",
        answer: "With a clear, well-lit photo of the whole receipt, scanning is 90-95% accurate. Crumpled paper, shadows and faded ink lower the accuracy, so check the added items afterwards.",
      },
      {
        question: "Which files can I upload?",
        answer: "JPG, PNG or PDF files up to 10 MB.",
      },
      {
        question: "How many receipts can I scan?",
        answer: "The Free plan includes 5 scans per month and Premium is unlimited. During the beta all premium features are free.",
      },
    ],
  },
  {
    title: "Account & Billing",
    items: [
      {
        question: "Is Plantry free?",
        answer: "Yes. Plantry is in beta and all premium features are free during the beta. Special pricing will apply at launch.",
      },
      {
        question: "What will Premium cost?",
        answer: "Premium is planned at $5.99 per month with a 7-day free trial, and you can cancel anytime.",
      },
      {
        question: "How do I sign out?",
        answer: "Use Logout in the header (on phones, in the header's top-right corner).",
      },
    ],
  },
  {
    title: "Recipes",
    items: [
      {
        question: "How are recipes generated?",
        answer: "Plantry's AI writes a recipe from the ingredients you choose, favouring what is about to expire. You can also import a recipe from a web link.",
      },
      {
        question: "Can I change a generated recipe?",
        answer: "Yes. On the recipe page you can add, edit and remove ingredients, and link pantry items you used.",
      },
    ],
  },
  {
    title: "Pantry Management",
    items: [
      {
        question: "How is the expiry date estimated?",
        answer: "From typical shelf life for the food and where you store it (fridge, freezer or pantry). You can always change the date yourself.",
      },
      {
        question: "What happens when I use part of an item?",
        answer: "Use Some lowers the amount left. When nothing is left, the item is removed from your pantry.",
      },
    ],
  },
  {
    title: "Privacy & Security",
    items: [
      {
        question: "What data does Plantry keep?",
        answer: "Your account details, pantry items, grocery lists, recipes, meal plans, receipt images and usage data, for as long as your account is active. See the Privacy Policy for details.",
      },
      {
        question: "Can I delete my data?",
        answer: "Yes. You have the right to access, correct, delete and export your data, and to object to its processing.",
      },
    ],
  },
];

export const QUICK_TIPS: readonly { title: string; text: string }[] = [
  { title: "Scan right after shopping", text: "Scanning the receipt as soon as you get home keeps your pantry accurate with almost no typing." },
  { title: "Cook what expires first", text: "The dashboard's Expiring Soon list shows what to use up today." },
  { title: "Plan three dinners", text: "Even a partial meal plan cuts impulse buys and forgotten leftovers." },
  { title: "Store smart", text: "Set the storage place for each item; the freezer buys you weeks." },
  { title: "Ask the chef", text: "Missing an ingredient? Ask the AI Chef for a substitution." },
  { title: "Keyboard friendly", text: "Press F8 to jump to notifications; Escape closes any dialog." },
];
