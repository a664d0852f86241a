export * from "./users";
export * from "./receipts";
export * from "./pantry";
export * from "./recipes";
export * from "./mealPlans";
export * from "./groceryLists";
export * from "./companion";
export * from "./engagement";
