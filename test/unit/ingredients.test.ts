import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { formatExactQuantity, formatIngredient, parseIngredientLine, type ParsedIngredient } from "../../worker/domain/ingredients";
import { isBadIngredientName } from "../../scripts/lib/ingredientChecks";

type Expected = Partial<Omit<ParsedIngredient, "input">>;

function expectParsed(line: string, expected: Expected) {
  const parsed = parseIngredientLine(line);
  for (const [key, value] of Object.entries(expected)) {
    const actual = parsed[key as keyof ParsedIngredient];
    if (typeof value === "number" && typeof actual === "number") expect(actual, `${line} -> ${key}`).toBeCloseTo(value, 9);
    else expect(actual, `${line} -> ${key}`).toEqual(value);
  }
}

describe("parseIngredientLine: quantities", () => {
  it.each<[string, Expected]>([
    ["2 1/2 cups flour, sifted", { quantity: 2.5, quantityMax: null, unit: "cups", name: "flour", preparation: "sifted" }],
    ["1/3 cup Worcestershire sauce", { quantity: 1 / 3, unit: "cups", name: "Worcestershire sauce" }],
    ["½ cup milk", { quantity: 0.5, unit: "cups", name: "milk" }],
    ["1½ tsp. cooking powder", { quantity: 1.5, unit: "tsp", name: "cooking powder" }],
    ["2 ¼ cups sugar", { quantity: 2.25, unit: "cups", name: "sugar" }],
    ["⅔ cup water", { quantity: 2 / 3, unit: "cups", name: "water" }],
    ["1⁄2 teaspoon salt", { quantity: 0.5, unit: "tsp", name: "salt" }],
    ["0.5 tsp salt", { quantity: 0.5, unit: "tsp" }],
    [".5 cup milk", { quantity: 0.5, unit: "cups" }],
    ["1,5 kg flour", { quantity: 1.5, unit: "kg", name: "flour" }],
    ["1,000 g flour", { quantity: 1000, unit: "g" }],
    ["1-1/2 cups milk", { quantity: 1.5, quantityMax: null, unit: "cups" }],
    ["2 and 1/4 teaspoons active dry yeast", { quantity: 2.25, unit: "tsp", name: "active dry yeast" }],
    ["Three eggs.", { quantity: 3, unit: null, name: "eggs" }],
    ["Half a pint of milk, or cold water.", { quantity: 0.5, unit: "pint", name: "milk", comment: "or cold water" }],
    ["A quarter of a pound of sugar.", { quantity: 0.25, unit: "lb", name: "sugar" }],
    ["1/4 of an onion", { quantity: 0.25, unit: null, name: "onion" }],
    ["Three ounces and a half of fresh butter.", { quantity: 3.5, unit: "oz", name: "butter" }],
  ])("%s", (line, expected) => expectParsed(line, expected));
});

describe("parseIngredientLine: ranges", () => {
  it.each<[string, Expected]>([
    ["3-4 green onions", { quantity: 3, quantityMax: 4, unit: null, name: "green onions" }],
    ["3 to 4 cloves garlic", { quantity: 3, quantityMax: 4, unit: "clove", name: "garlic" }],
    ["1 - 2L (1/4 - 1/2 gal) milk", { quantity: 1, quantityMax: 2, unit: "l", name: "milk", comment: "1/4 - 1/2 gal" }],
    ["1/2 to 3/4 cup sugar", { quantity: 0.5, quantityMax: 0.75, unit: "cups", name: "sugar" }],
    ["2 or 3 eggs", { quantity: 2, quantityMax: 3, name: "eggs" }],
    ["350-400ml milk", { quantity: 350, quantityMax: 400, unit: "ml", name: "milk" }],
    ["200g - 250g butter", { quantity: 200, quantityMax: 250, unit: "g", name: "butter" }],
    ["30 or more basil leaves", { quantity: 30, quantityMax: null, name: "basil leaves", comment: "or more" }],
    ["Three or four spoons of cocoa powder", { quantity: 3, quantityMax: 4, unit: "tbsp", name: "cocoa powder" }],
  ])("%s", (line, expected) => expectParsed(line, expected));
});

describe("parseIngredientLine: units", () => {
  it.each<[string, Expected]>([
    ["400g potatoes", { quantity: 400, unit: "g", name: "potatoes" }],
    ["1.5kg potatoes", { quantity: 1.5, unit: "kg" }],
    ["250ml chicken stock", { quantity: 250, unit: "ml", name: "chicken stock" }],
    ["70cl water", { quantity: 70, unit: "cl" }],
    ["1dl flour", { quantity: 1, unit: "dl" }],
    ["1 c. flour", { quantity: 1, unit: "cups", name: "flour" }],
    ["2 T butter", { quantity: 2, unit: "tbsp", name: "butter" }],
    ["1 t salt", { quantity: 1, unit: "tsp", name: "salt" }],
    ["3 Tbs sugar", { quantity: 3, unit: "tbsp" }],
    ["1 Tbsp Soy Sauce", { quantity: 1, unit: "tbsp", name: "Soy Sauce" }],
    ["2tbsp of Yellow Mustard", { quantity: 2, unit: "tbsp", name: "Yellow Mustard" }],
    ["1 table spoon of honey (optional)", { quantity: 1, unit: "tbsp", name: "honey", comment: "optional" }],
    ["8 fl oz cream", { quantity: 8, unit: "fl oz", name: "cream" }],
    ["1 fluid ounce rum", { quantity: 1, unit: "fl oz", name: "rum" }],
    ["12 oz. pasta", { quantity: 12, unit: "oz", name: "pasta" }],
    ["1 Lb. (450 g) beef", { quantity: 1, unit: "lb", name: "beef", comment: "450 g" }],
    ["3 pounds beef brisket", { quantity: 3, unit: "lb", name: "beef brisket" }],
    ["2 quarts stock", { quantity: 2, unit: "quart" }],
    ["1 gallon water", { quantity: 1, unit: "gallon" }],
    ["3 pints cherry tomatoes", { quantity: 3, unit: "pint", name: "cherry tomatoes" }],
    ["6 cloves garlic, crushed and chopped", { quantity: 6, unit: "clove", name: "garlic", preparation: "crushed and chopped" }],
    ["2 garlic cloves, minced", { quantity: 2, unit: "clove", name: "garlic", preparation: "minced" }],
    ["2 stalks celery, chopped coarse", { quantity: 2, unit: "stalk", name: "celery", preparation: "chopped coarse" }],
    ["1 stick cinnamon", { quantity: 1, unit: "stick", name: "cinnamon" }],
    ["3 slices bacon", { quantity: 3, unit: "slices", name: "bacon" }],
    ["2 dashes of Angostura bitters", { quantity: 2, unit: "dash", name: "Angostura bitters" }],
    ["1 bunch rosemary", { quantity: 1, unit: "bunch", name: "rosemary" }],
    ["2 sprigs thyme", { quantity: 2, unit: "sprig", name: "thyme" }],
    ["3 heads fennel", { quantity: 3, unit: "head", name: "fennel" }],
    ["1 package yeast", { quantity: 1, unit: "package", name: "yeast" }],
    ["2 pieces chicken", { quantity: 2, unit: "piece", name: "chicken" }],
    ["4 ribs", { quantity: 4, unit: null, name: "ribs" }],
  ])("%s", (line, expected) => expectParsed(line, expected));
});

describe("parseIngredientLine: amounts without numbers", () => {
  it.each<[string, Expected]>([
    ["salt to taste", { quantity: null, unit: null, name: "salt", comment: "to taste" }],
    ["Salt", { quantity: null, unit: null, name: "Salt", comment: null }],
    ["a pinch of salt", { quantity: 1, unit: "pinch", name: "salt" }],
    ["Pinch of freshly grated nutmeg", { quantity: 1, unit: "pinch", name: "nutmeg", preparation: "freshly grated" }],
    ["Dash of lemon juice", { quantity: 1, unit: "dash", name: "lemon juice" }],
    ["a jar of apple sauce", { quantity: 1, unit: "jar", name: "apple sauce" }],
    ["A bunch of fresh parsley", { quantity: 1, unit: "bunch", name: "parsley", comment: "fresh" }],
    ["a handful of spinach", { quantity: 1, unit: "handful", name: "spinach" }],
    ["an onion", { quantity: 1, unit: null, name: "onion" }],
    ["Sprigs of watercress", { quantity: null, unit: "sprig", name: "watercress" }],
    ["A few saffron threads", { quantity: null, name: "saffron threads", comment: "a few" }],
    ["a little bit of salt", { quantity: null, name: "salt" }],
    ["Juice of 1 lemon", { quantity: 1, unit: null, name: "lemon", preparation: "juiced" }],
    ["Grated rind from 2 lemons", { quantity: 2, name: "lemons", preparation: "zested" }],
  ])("%s", (line, expected) => expectParsed(line, expected));
});

describe("parseIngredientLine: notes, sizes and containers", () => {
  it.each<[string, Expected]>([
    ["1 (14 oz) can tomatoes", { quantity: 1, unit: "can", name: "tomatoes", comment: "14 oz" }],
    ["2 (15-ounce) cans black beans, drained and rinsed", { quantity: 2, unit: "can", name: "black beans", preparation: "drained and rinsed", comment: "15-ounce" }],
    ["2 28-ounce cans crushed tomatoes", { quantity: 2, unit: "can", name: "tomatoes", preparation: "crushed", comment: "28-ounce" }],
    ["2 x 400g tins chopped tomatoes", { quantity: 2, unit: "can", name: "tomatoes", comment: "400g" }],
    ["1 (750 milliliter) bottle cold champagne", { quantity: 1, unit: "bottle", name: "champagne" }],
    ["~150g (1/3 lb) bacon", { quantity: 150, unit: "g", name: "bacon", comment: "about, 1/3 lb" }],
    ["About 2/3 cup blanched almonds, finely ground", { quantity: 2 / 3, unit: "cups", name: "almonds", preparation: "blanched, finely ground" }],
    ["approximately 2 cups rice", { quantity: 2, unit: "cups", name: "rice", comment: "about" }],
    ["1 large onion, diced", { quantity: 1, unit: null, name: "onion", preparation: "diced", comment: "large" }],
    ["2 medium-size red onions", { quantity: 2, name: "red onions", comment: "medium-size" }],
    ["4 large cloves garlic", { quantity: 4, unit: "clove", name: "garlic", comment: "large" }],
    ["1 small bunch of watercress, to garnish (optional)", { quantity: 1, unit: "bunch", name: "watercress" }],
    // "bone-in" describes the cut, like "boneless": a comment, not the name.
    ["1 4-pound bone-in leg of lamb", { quantity: 4, unit: "lb", name: "leg of lamb", comment: "bone-in" }],
    ["1 1/2-inch piece ginger", { quantity: 1, unit: "piece", name: "ginger", comment: "1 1/2-inch" }],
    ["4 ¼ inch thick pork steaks", { quantity: 4, unit: null, name: "pork steaks", comment: "1/4 inch thick" }],
    ["2 1/4-ounce packages unflavored gelatin", { quantity: 2, unit: "package", name: "gelatin", comment: "1/4-ounce, unflavored" }],
    ["1 pound (500g) spaghetti (or similarly shaped pasta)", { quantity: 1, unit: "lb", name: "spaghetti", comment: "500g, or similarly shaped pasta" }],
    ["(Optional) 6 artichokes, chopped", { quantity: 6, name: "artichokes", preparation: "chopped", comment: "optional" }],
    // Some recipe systems print an empty unit as the word "none".
    ["2 none large eggs", { quantity: 2, unit: null, name: "eggs", comment: "large" }],
    ["none Cooking spray", { quantity: null, unit: null, name: "Cooking spray" }],
    // A tube is how cookie dough, biscuits and tomato paste are sold.
    ["1 tube refrigerated cookie dough", { quantity: 1, unit: "tube", name: "cookie dough" }],
    ["1 (4.5-ounce) tube tomato paste", { quantity: 1, unit: "tube", name: "tomato paste", comment: "4.5-ounce" }],
  ])("%s", (line, expected) => expectParsed(line, expected));
});

describe("parseIngredientLine: names, preparation and comments", () => {
  it.each<[string, Expected]>([
    ["finely chopped onion", { name: "onion", preparation: "finely chopped" }],
    ["1 cup peeled and cooked fresh chestnuts (about 20), or 1 cup canned, unsweetened chestnuts", { quantity: 1, unit: "cups", name: "chestnuts", preparation: "peeled and cooked" }],
    ["1 medium-size onion, peeled and chopped", { name: "onion", preparation: "peeled and chopped", comment: "medium-size" }],
    ["Freshly ground black pepper", { name: "black pepper", preparation: "freshly ground" }],
    ["Salt and freshly ground black pepper, to taste", { name: "Salt and black pepper", comment: "to taste" }],
    ["2 tablespoons extra-virgin olive oil", { name: "olive oil", comment: "extra-virgin" }],
    ["1 pound extra-lean ground beef", { name: "ground beef", comment: "extra-lean" }],
    ["1 teaspoon ground cinnamon", { name: "cinnamon", preparation: "ground" }],
    ["3 tablespoons fresh lemon juice", { name: "lemon juice", comment: "fresh" }],
    ["olive oil, plus more for serving", { name: "olive oil", comment: "plus more for serving" }],
    ["Chopped fresh parsley leaves for garnish", { name: "parsley leaves", preparation: "chopped", comment: "fresh, for garnish" }],
    ["Flour for dredging", { name: "Flour", comment: "for dredging" }],
    ["Vegetable oil, for deep-frying", { name: "Vegetable oil", comment: "for deep-frying" }],
    ["6 cups veal or beef stock", { name: "stock", comment: "veal or beef" }],
    ["Chives or green onions", { name: "Chives", comment: "or green onions" }],
    ["Cream or creme fraiche.", { name: "Cream", comment: "or creme fraiche" }],
    ["2 cups cooked medium- or long-grain white rice", { name: "white rice" }],
    ["1 tablespoon chopped fresh oregano or 1 teaspoon dried", { quantity: 1, unit: "tbsp", name: "oregano" }],
    ["1 cup farro, spelt or barley", { name: "farro", comment: "spelt or barley" }],
    ["1 cup canned plum tomatoes with juice", { name: "plum tomatoes", comment: "canned, with juice" }],
    ["2 tablespoons unsalted butter, at room temperature and cut into 4 pieces", { name: "unsalted butter", preparation: "at room temperature and cut into 4 pieces" }],
    ["10 tablespoons butter, cut into chunks, plus more for greasing pan", { name: "butter", preparation: "cut into chunks", comment: "plus more for greasing pan" }],
    ["1 large bunch collard greens chopped into ribbons", { unit: "bunch", name: "collard greens", preparation: "chopped into ribbons" }],
    ["1 1/2 cups mashed bananas (this is around 4-5 bananas)", { name: "bananas", preparation: "mashed", comment: "this is around 4-5 bananas" }],
    ["2 tsp [garam masala](/garam-masala)", { quantity: 2, unit: "tsp", name: "garam masala" }],
    ["- 2 cups flour", { quantity: 2, unit: "cups", name: "flour" }],
    ["3 Fresh Medium Garlic Cloves (Chopped Fine)", { quantity: 3, unit: "clove", name: "Garlic" }],
  ])("%s", (line, expected) => expectParsed(line, expected));
});

describe("parseIngredientLine: plus, alternatives and name-first lines", () => {
  it.each<[string, Expected]>([
    ["2 tablespoons plus 2 teaspoons baking powder", { quantity: 8, unit: "tsp", name: "baking powder" }],
    ["1 stick plus 2 tablespoons butter", { quantity: 10, unit: "tbsp", name: "butter" }],
    ["1 tablespoon, plus 1 teaspoon, confectioners' sugar", { quantity: 4, unit: "tsp", name: "confectioners' sugar" }],
    ["1 1/4-ounce package, plus 1 teaspoon, unflavored gelatin", { quantity: 1, unit: "package", name: "gelatin" }],
    ["Around 14 ounces or 400 grams of chicken breast", { quantity: 14, unit: "oz", name: "chicken breast", comment: "about, or 400 grams" }],
    ["260 g / 2⅛ cups wheat flour", { quantity: 260, unit: "g", name: "wheat flour", comment: "2 1/8 cups" }],
    ["Spaghetti: 320 g | 11 oz", { quantity: 320, unit: "g", name: "Spaghetti", comment: "11 oz" }],
    ["shallots: 2", { quantity: 2, unit: null, name: "shallots" }],
    ["White wine 1/4 cup (60g)", { quantity: 0.25, unit: "cups", name: "White wine", comment: "60g" }],
    ["Roasted rapeseed oil (caizi you) or Chinese peanut oil, 2/3 cup", { quantity: 2 / 3, unit: "cups", name: "rapeseed oil" }],
    ["Water *3 dl*", { quantity: 3, unit: "dl", name: "Water" }],
  ])("%s", (line, expected) => expectParsed(line, expected));
});

describe("parseIngredientLine: lines of imported pages in other languages", () => {
  it.each<[string, Expected]>([
    ["2 cuillères à soupe d’huile", { quantity: 2, unit: "tbsp", name: "huile" }],
    ["1 c. à café de sel", { quantity: 1, unit: "tsp", name: "sel" }],
    ["250 g de champignons de Paris", { quantity: 250, unit: "g", name: "champignons de Paris" }],
    ["3 gousses d'ail", { quantity: 3, unit: "clove", name: "ail" }],
    ["50 g di pecorino romano", { quantity: 50, unit: "g", name: "pecorino romano" }],
    ["2 cucharadas de azúcar", { quantity: 2, unit: "tbsp", name: "azúcar" }],
    ["1 taza de harina", { quantity: 1, unit: "cups", name: "harina" }],
    ["1 colher (sopa) de fermento em pó", { quantity: 1, unit: "tbsp", name: "fermento em pó" }],
    ["1 lata de leite condensado", { quantity: 1, unit: "can", name: "leite condensado" }],
    ["2 EL Olivenöl", { quantity: 2, unit: "tbsp", name: "Olivenöl" }],
    ["1 TL Salz", { quantity: 1, unit: "tsp", name: "Salz" }],
    // Capitalised, "Del" and "De" are brand names, and "d'Anjou" a pear.
    ["1 can Del Monte diced tomatoes", { unit: "can", name: "Del Monte diced tomatoes" }],
    ["2 d'Anjou pears", { quantity: 2, name: "d'Anjou pears" }],
  ])("%s", (line, expected) => expectParsed(line, expected));
});

describe("parseIngredientLine: modifier lists, counted words and parts", () => {
  it.each<[string, Expected]>([
    // A comma list of single modifiers shares the noun after the last alternative.
    ["3 red, yellow or orange bell peppers, sliced", { quantity: 3, name: "bell peppers", preparation: "sliced", comment: "red, yellow or orange" }],
    ["6 cups chicken, beef or vegetable stock", { quantity: 6, unit: "cups", name: "stock", comment: "chicken, beef or vegetable" }],
    ["2 cups Italian, French or Greek green olives, pitted", { name: "green olives", preparation: "pitted" }],
    ["1/2 each Green, Red, and Yellow Bell Pepper, thinly sliced", { name: "Bell Pepper", preparation: "thinly sliced", comment: "Green, Red, and Yellow" }],
    ["Red, yellow and green bell peppers", { name: "bell peppers", comment: "Red, yellow and green" }],
    // A list of foods is not a list of modifiers.
    ["Salt, pepper or paprika", { name: "Salt", comment: "pepper or paprika" }],
    ["1 cup farro, spelt or barley", { name: "farro" }],
    ["Salt, pepper and garlic powder", { name: "Salt" }],
    // Lines from the recipe library (publicdomainrecipes.com), labelled by hand.
    ["6 Rashers of bacon (optional)", { quantity: 6, unit: null, name: "bacon", comment: "rashers, optional" }],
    ["2 twigs of thyme", { quantity: 2, unit: null, name: "thyme", comment: "twigs" }],
    ["4-5 pods of Cardamom", { quantity: 4, quantityMax: 5, name: "Cardamom", comment: "pods" }],
    ["3 strands of spring onions", { quantity: 3, name: "spring onions" }],
    ["4 Pork chops OR 4 Chicken Breasts", { quantity: 4, name: "Pork chops", comment: "OR 4 Chicken Breasts" }],
    // Bar measures, sizes written as two words, "luke warm", a source after "from", a closing participle.
    ["1 (1.5 fluid ounce) jigger Irish cream liqueur", { quantity: 1, unit: "jigger", name: "Irish cream liqueur", comment: "1.5 fluid ounce" }],
    ["2 shots espresso", { quantity: 2, unit: "shot", name: "espresso" }],
    ["1-2 normal sized cucumbers per serving", { quantity: 1, quantityMax: 2, unit: null, name: "cucumbers" }],
    ["3 regular size carrots", { quantity: 3, name: "carrots" }],
    ["140g luke warm water", { quantity: 140, unit: "g", name: "water", comment: "lukewarm" }],
    ["Lemon juice from half a lemon", { quantity: null, name: "Lemon juice", comment: "from half a lemon" }],
    ["A table-spoonful of wine and brandy mixed.", { quantity: 1, unit: "tbsp", name: "wine and brandy", preparation: "mixed" }],
    // "Any kind of" names nothing; leading modifier segments run on into the food ("type 00" is not a kind).
    ["Any kind of firm, thin, sliced bread (Sourdough, Baguette)", { name: "bread", preparation: "sliced" }],
    ["2 cups of any type of berries", { quantity: 2, unit: "cups", name: "berries" }],
    ["1-2 lb total of ground beef chuck, veal, and pork", { quantity: 1, quantityMax: 2, unit: "lb", name: "ground beef chuck", preparation: null, comment: "veal, and pork" }],
    // Lead-ins that name nothing, vague amounts, and notes after "without", "on the" and "by".
    ["for example orange jam from 4 oranges", { name: "orange jam" }],
    ["from 30g to 70g of sugar", { quantity: 30, quantityMax: 70, unit: "g", name: "sugar" }],
    ["Hint of Chilli Powder", { quantity: null, name: "Chilli Powder" }],
    ["A thin coating of oil on the pan", { quantity: null, name: "oil", comment: "a thin coating of, on the pan" }],
    ["1 white onion without skin", { quantity: 1, name: "white onion", comment: "without skin" }],
    ["4 ears corn on the cob", { quantity: 4, unit: "ear", name: "corn on the cob" }],
    ["2-4% sea salt by cabbage weight", { name: "sea salt", comment: "by cabbage weight" }],
    ["Black pepper freshly grounded", { name: "Black pepper", preparation: "freshly grounded" }],
    // Old and loose measures: a wine-glass, a thumb of ginger, "thumb-sized".
    ["A half wine-glass of rose-water.", { quantity: 0.5, unit: "glass", name: "rose-water" }],
    ["Thumb of ginger, sliced", { quantity: 1, unit: "thumb", name: "ginger", preparation: "sliced" }],
    ["1 thumb-sized piece of ginger", { quantity: 1, unit: "piece", name: "ginger", comment: "thumb-sized" }],
    ["Fresh Bolognese sauce or about 1 litre worth of store-bought sauce", { quantity: null, name: "Bolognese sauce" }],
    ["1-2 lb sweet and or spicy Italian sausage", { quantity: 1, quantityMax: 2, unit: "lb", name: "Italian sausage", comment: "sweet and/or spicy" }],
    // A word before "of" that is part of the food's name stays.
    ["1 leg of lamb", { quantity: 1, name: "leg of lamb" }],
    ["1 4-pound leg of lamb", { quantity: 4, unit: "lb", name: "leg of lamb" }],
    ["1/4 teaspoon cream of tartar", { unit: "tsp", name: "cream of tartar" }],
    ["4 hearts of palm, sliced", { quantity: 4, name: "hearts of palm" }],
    // After a weight or volume, the piece a food comes in is a note and the food names the line.
    ["1 pound fillet of sole", { quantity: 1, unit: "lb", name: "sole", comment: "fillet" }],
    ["2 pounds fillets of haddock or other firm fish", { quantity: 2, unit: "lb", name: "haddock" }],
    ["2 cups florets of broccoli", { quantity: 2, unit: "cups", name: "broccoli", comment: "florets" }],
    ["1 pound thin slices of prosciutto", { unit: "lb", name: "prosciutto" }],
    // Describing words written with or without hyphens, and before alternatives that share a noun.
    ["No salt added vegetable broth, warmed", { quantity: null, name: "vegetable broth", preparation: "warmed" }],
    ["2 cups low sodium chicken broth", { quantity: 2, unit: "cups", name: "chicken broth" }],
    ["2 tablespoons concentrated chicken or beef stock", { quantity: 2, unit: "tbsp", name: "stock" }],
    ["1 cup double-concentrated tomato paste", { unit: "cups", name: "tomato paste" }],
    ["1/3 cup high quality olive oil", { unit: "cups", name: "olive oil" }],
    // Hedges, abbreviations and articles that are not the food.
    ["Up to 1/2 cup water", { quantity: 0.5, unit: "cups", name: "water", comment: "up to" }],
    ["vegetable stock ~2 cups", { quantity: 2, unit: "cups", name: "vegetable stock", comment: "about" }],
    ["2 oz St. Agur blue cheese", { quantity: 2, unit: "oz", name: "St. Agur blue cheese" }],
    ["Grated cheese of your choice", { quantity: null, name: "cheese" }],
    ["Chili powder of your favourite variety", { name: "Chili powder" }],
    ["1 cup of a good dry red wine", { quantity: 1, unit: "cups", name: "dry red wine" }],
    ["2 servings pizza dough", { quantity: 2, name: "pizza dough", comment: "servings" }],
    ["Handfull of basil leaves", { unit: "handful", name: "basil leaves" }],
    ["The juice of 2 limes", { quantity: 2, name: "limes", preparation: "juiced" }],
    ["Any other vegetables you want", { quantity: null, name: "vegetables" }],
    ["Any lean, tough cut of beef", { name: "tough cut of beef" }],
    ["More butter for the pan", { name: "butter" }],
    ["As much grated cheese as you want", { name: "cheese" }],
    ["1 whole lobster that weighs about 2 pounds", { quantity: 1, name: "lobster" }],
    ["Extra virgin olive oil q.b.", { name: "olive oil" }],
    ["1/2 metric cup (125 ml) rolled oats", { quantity: 0.5, unit: "cups", name: "rolled oats" }],
    // The part picked from a food is a note; the food and its amount follow.
    ["Leaves from 4 sprigs thyme", { quantity: 4, unit: "sprig", name: "thyme", comment: "leaves" }],
    ["Seeds from 1 pomegranate", { quantity: 1, name: "pomegranate", comment: "seeds" }],
    ["Juice of 2 limes", { quantity: 2, name: "limes", preparation: "juiced" }],
    // "each" shares an amount out between the foods after it.
    ["1 tablespoon each chopped parsley and chives", { quantity: 1, unit: "tbsp", name: "parsley and chives", preparation: "chopped", comment: "each" }],
    ["2 teaspoons each salt and pepper", { quantity: 2, unit: "tsp", name: "salt and pepper" }],
  ])("%s", (line, expected) => expectParsed(line, expected));
});

describe("parseIngredientLine: lines in a newspaper recipe style (written for Plantry, not from a data set)", () => {
  // [line, quantity, unit, name]
  it.each<[string, number | null, string | null, string]>([
    ["1 (3- to 4-pound) chicken, cut into 8 pieces", 1, null, "chicken"],
    ["2 pounds boneless, skinless chicken thighs", 2, "lb", "chicken thighs"],
    ["1/2 cup (1 stick) unsalted butter, softened", 0.5, "cups", "unsalted butter"],
    ["1 tablespoon finely chopped fresh rosemary, plus sprigs for garnish", 1, "tbsp", "rosemary"],
    ["1/4 cup extra-virgin olive oil, plus more for drizzling", 0.25, "cups", "olive oil"],
    ["Flaky sea salt, for serving", null, null, "sea salt"],
    ["1 medium (about 8 ounces) zucchini, diced", 1, null, "zucchini"],
    ["About 1/2 cup all-purpose flour, for dusting", 0.5, "cups", "all-purpose flour"],
    ["1 1/2 pounds Yukon Gold potatoes, peeled and cut into 1-inch chunks", 1.5, "lb", "Yukon Gold potatoes"],
    ["1 2-inch piece fresh ginger, peeled and grated", 1, "piece", "ginger"],
    ["6 ounces bittersweet chocolate (60 to 70 percent cacao), chopped", 6, "oz", "bittersweet chocolate"],
    ["1/2 pound thick-cut bacon, cut crosswise into 1/2-inch strips", 0.5, "lb", "bacon"],
    ["1 head cauliflower (about 2 pounds), cut into florets", 1, "head", "cauliflower"],
    ["1/3 cup freshly grated Parmesan, plus more for serving", 1 / 3, "cups", "Parmesan"],
    ["1/4 cup finely chopped shallots (about 2 medium)", 0.25, "cups", "shallots"],
    ["1 10-ounce package frozen peas, thawed", 1, "package", "peas"],
    ["2 cups loosely packed arugula", 2, "cups", "arugula"],
    ["1 8- to 10-pound turkey, giblets removed", 1, null, "turkey"],
    ["2 7-ounce jars piquillo peppers, drained", 2, "jar", "piquillo peppers"],
    ["1 pound medium shrimp, peeled and deveined", 1, "lb", "shrimp"],
    ["2 tablespoons sherry vinegar or red wine vinegar", 2, "tbsp", "sherry vinegar"],
    ["1 1/2 cups (about 6 ounces) shredded sharp Cheddar", 1.5, "cups", "Cheddar"],
    ["1 teaspoon sugar, or more to taste", 1, "tsp", "sugar"],
    ["1 celery rib, finely diced", 1, "stalk", "celery"],
    ["2 (14-ounce) cans coconut milk", 2, "can", "coconut milk"],
    ["1 large bunch kale (about 1 pound), stems removed", 1, "bunch", "kale"],
    ["4 to 6 skinless, boneless chicken breast halves", 4, null, "chicken breast halves"],
    ["1/4 cup plus 2 tablespoons sugar", 6, "tbsp", "sugar"],
    ["2 tablespoons chopped fresh herbs, such as parsley, chives or tarragon", 2, "tbsp", "herbs"],
    ["1/2 cup chopped scallions, white and light green parts", 0.5, "cups", "scallions"],
  ])("%s", (line, quantity, unit, name) => expectParsed(line, { quantity, unit, name }));
});

describe("parseIngredientLine: NYT naming conventions (lines written for Plantry)", () => {
  it.each<[string, Expected]>([
    // Egg parts take whole eggs: the name is the egg, the part a note.
    ["4 egg yolks", { quantity: 4, unit: null, name: "eggs", comment: "yolks only" }],
    ["2 large egg yolks, at room temperature", { quantity: 2, name: "eggs", comment: "large, yolks only" }],
    ["1 egg white, lightly beaten", { quantity: 1, name: "egg", preparation: "lightly beaten", comment: "white only" }],
    ["3 yolks", { quantity: 3, name: "eggs", comment: "yolks only" }],
    ["Yolks of 2 large eggs", { quantity: 2, name: "eggs", comment: "yolks, large" }],
    ["Yolks", { quantity: null, name: "Yolks" }],
    // Kinds sold as such keep their word; "light soy sauce" and "plain dry bread crumbs" do not.
    ["1/2 cup dry red wine", { name: "dry red wine", comment: null }],
    ["1/4 cup dry white wine or dry vermouth", { name: "dry white wine", comment: "or dry vermouth" }],
    ["1/2 cup plain dry bread crumbs", { name: "bread crumbs", comment: "plain dry" }],
    ["1/2 cup packed light brown sugar", { name: "light brown sugar", preparation: "packed" }],
    ["1/4 cup light corn syrup", { name: "light corn syrup" }],
    ["3 tablespoons light soy sauce", { name: "soy sauce", comment: "light" }],
    ["4 ounces unsweetened chocolate", { name: "unsweetened chocolate" }],
    ["1/2 cup unsweetened cocoa powder", { name: "cocoa powder", comment: "unsweetened" }],
    ["1 (7-ounce) jar roasted red peppers, drained", { quantity: 1, unit: "jar", name: "roasted red peppers" }],
    ["Whipped cream, for serving", { name: "Whipped cream" }],
    ["1 cup roasted peanuts", { name: "peanuts", preparation: "roasted" }],
    // Ground ginger is another pantry item than the fresh root; ground cinnamon is cinnamon.
    ["1 teaspoon ground ginger", { name: "ground ginger" }],
    ["1/2 teaspoon ground cinnamon", { name: "cinnamon", preparation: "ground" }],
    // Old words and describing words that are not what you buy.
    ["4 tablespoons sweet butter, melted", { name: "butter", preparation: "melted", comment: "sweet" }],
    ["1 pound sweet Italian sausage", { name: "Italian sausage", comment: "sweet" }],
    ["1 2-pound-3-ounce can best-quality Italian tomatoes", { unit: "can", name: "tomatoes" }],
    ["1 tablespoon imported mustard, such as Dijon", { name: "mustard" }],
    ["1 cup unbleached all-purpose flour", { name: "all-purpose flour" }],
    ["1 cup whole-milk ricotta", { name: "ricotta" }],
    ["1 block (14 ounces) extra-firm tofu, pressed", { unit: "block", name: "tofu" }],
    ["4 6-ounce center-cut salmon fillets", { quantity: 4, unit: "fillet", name: "salmon" }],
    ["1 teaspoon double-acting baking powder", { name: "baking powder" }],
    ["2 cups quick-cooking oats", { name: "oats" }],
    ["1 tablespoon instant espresso powder", { name: "espresso powder" }],
    ["1 cup instant coffee", { name: "instant coffee" }],
    ["1 cup strong brewed coffee, cooled", { name: "coffee" }],
    // Hyphenated participles and participles after the name prepare; before a name they may name it.
    ["1/4 pound thick-sliced bacon", { name: "bacon", preparation: "thick-sliced" }],
    ["1/2 cup sun-dried tomatoes, chopped", { name: "sun-dried tomatoes" }],
    ["1 tablespoon cornstarch mixed with 2 tablespoons water", { quantity: 1, unit: "tbsp", name: "cornstarch" }],
    ["1 cup mixed greens", { name: "mixed greens" }],
    ["1 small onion stuck with 2 cloves", { name: "onion", preparation: "stuck with 2 cloves" }],
    // A participle before a bare word describes it: the name is never the word before it ("Hot").
    ["1 cup hot cooked rice", { name: "rice", preparation: "cooked", comment: "hot" }],
    ["Hot cooked basmati rice", { name: "basmati rice" }],
    ["1 cup hot brewed coffee", { name: "coffee" }],
    ["White sliced bread", { name: "White sliced bread" }],
    ["1 large bunch collard greens chopped into ribbons", { name: "collard greens", preparation: "chopped into ribbons" }],
    ["2 cups french fried onions", { name: "french fried onions" }],
    ["1 pound veal scallopini, pounded thin", { name: "veal scallopini", preparation: "pounded thin" }],
    ["3 tablespoons medium-roast coffee beans, finely ground", { name: "coffee beans" }],
    // What a potato or a chicken is meant for names the same food; baking powder stays.
    ["1 baking potato weighing about 1/2 pound", { quantity: 1, name: "potato" }],
    ["1 roasting chicken (about 5 pounds)", { quantity: 1, name: "chicken" }],
    ["2 teaspoons baking powder", { name: "baking powder" }],
    // Adverbs of degree without -ly never stand as the name.
    ["1/2 cup somewhat coarsely chopped walnuts", { name: "walnuts", preparation: "somewhat coarsely chopped" }],
    ["2 cups quite firmly packed spinach", { name: "spinach" }],
    // Alternatives: a modifier list shares its noun; a name before "or other" stands.
    ["3 tablespoons corn, peanut or vegetable oil", { name: "oil", comment: "corn, peanut or vegetable" }],
    ["4 ounces semisweet or bittersweet chocolate, melted", { name: "chocolate" }],
    ["1/2 ounce Cointreau or other orange liqueur", { name: "Cointreau", comment: "or other orange liqueur" }],
    ["2 tablespoons peanut or other oil", { name: "oil" }],
    // A food shares the noun only when the noun is made from it: olive or vegetable oil, but corn or green peas.
    ["1/4 cup olive or vegetable oil", { name: "oil", comment: "olive or vegetable" }],
    ["8 corn or flour tortillas", { name: "tortillas" }],
    ["250g of Corn and/or Green Peas (optional)", { quantity: 250, unit: "g", name: "Corn" }],
    ["1 cup farro, brown or wild rice", { name: "farro", comment: "brown or wild rice" }],
    // An article before a size counts one item; before a fraction it counts nothing.
    ["A 2-inch piece of fresh ginger", { quantity: 1, unit: "piece", name: "ginger" }],
    ["An 8-ounce package cream cheese", { quantity: 1, unit: "package", name: "cream cheese", comment: "8-ounce" }],
    ["a 1/2 cup milk", { quantity: 0.5, unit: "cups", name: "milk" }],
    // A label before the line and "1 recipe" are notes.
    ["Garnish: chopped parsley", { name: "parsley", preparation: "chopped", comment: "garnish" }],
    ["Optional: 1 teaspoon red pepper flakes", { quantity: 1, unit: "tsp", name: "red pepper flakes", comment: "optional" }],
    ["1 recipe pie dough (see recipe)", { quantity: 1, name: "pie dough", comment: "recipe, see recipe" }],
  ])("%s", (line, expected) => expectParsed(line, expected));

  it("never names a line with a number, an adverb or a preparation word (issue lines and the hand-labelled sets)", () => {
    const root = fileURLToPath(new URL("../../data/ingredient-lines/", import.meta.url));
    const lines = [
      "1 8- to 10-pound goose",
      "8 cups reasonably packed romaine lettuce leaves, torn into bite-size pieces",
      "1/2 cup somewhat coarsely chopped walnuts",
      "2 7-ounce jars roasted red peppers",
      "1 12- to 14-pound turkey, neck and giblets reserved",
    ];
    for (const file of ["plantry-handlabelled.csv", "plantry-handlabelled-2.csv"]) {
      // The input is the second column; quoted fields hold commas.
      for (const row of readFileSync(`${root}${file}`, "utf8").trim().split("\n").slice(1)) lines.push(/^[^,]*,(?:"((?:[^"]|"")*)"|([^,]*))/.exec(row)?.slice(1).find((f) => f !== undefined)?.replace(/""/g, '"') ?? "");
    }
    expect(lines.length).toBeGreaterThan(600);
    const bad = lines.filter((line) => isBadIngredientName(parseIngredientLine(line).name));
    expect(bad).toEqual([]);
  });

  it("reads sizes as sizes, not amounts", () => {
    expect(parseIngredientLine("1 8- to 10-pound goose")).toMatchObject({ quantity: 1, quantityMax: null, unit: null, name: "goose", comment: "8- to 10-pound" });
    expect(parseIngredientLine("2 7-ounce jars roasted red peppers")).toMatchObject({ quantity: 2, unit: "jar", name: "roasted red peppers", comment: "7-ounce" });
    expect(parseIngredientLine("2 6- to 8-ounce jars artichoke hearts")).toMatchObject({ quantity: 2, unit: "jar", name: "artichoke hearts" });
  });
});

describe("parseIngredientLine: robustness", () => {
  it("keeps the input and never returns undefined fields", () => {
    const parsed = parseIngredientLine("  2 cups flour  ");
    expect(parsed.input).toBe("  2 cups flour  ");
    expect(parsed).toEqual({ input: "  2 cups flour  ", quantity: 2, quantityMax: null, unit: "cups", name: "flour", preparation: null, comment: null });
  });

  it("reads an empty or blank line as nothing", () => {
    expect(parseIngredientLine("")).toMatchObject({ quantity: null, unit: null, name: "" });
    expect(parseIngredientLine("   ")).toMatchObject({ quantity: null, unit: null, name: "" });
  });

  it("never throws on arbitrary text (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120, unit: "grapheme" }), (line) => {
        const parsed = parseIngredientLine(line);
        expect(typeof parsed.name).toBe("string");
        expect(parsed.quantity === null || Number.isFinite(parsed.quantity)).toBe(true);
        expect(parsed.quantityMax === null || (parsed.quantity !== null && parsed.quantityMax > parsed.quantity)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

const LINE_PIECES = [
  "1", "2 1/2", "½", "1½", "3-4", "3 to 4", "1,5", "0.5", "a", "an", "half", "one", "~", "about", "(14 oz)",
  "28-ounce", "large", "cup", "cups", "T", "t", "tbsp", "g", "kg", "400g", "ml", "L", "can", "cans", "clove",
  "cloves", "of", "pinch", "fresh", "chopped", "finely", "salt", "pepper", "flour", "garlic", "tomatoes", "onion",
  "olive oil", "or", "and", ",", "for garnish", "to taste", "plus more", "(optional)", ")", "(", "-", "/", "x",
  "|", ":", ".", "2", "12", "plus", "2 tablespoons", "inch", "3-inch", "piece", "ground", "beef", "juice of",
];

const sameNumber = (a: number | null, b: number | null) => a === b || (a !== null && b !== null && Math.abs(a - b) < 1e-9);

function expectStableRoundTrip(line: string) {
  const parsed = parseIngredientLine(line);
  const again = parseIngredientLine(formatIngredient(parsed));
  const context = `${JSON.stringify(line)} -> ${JSON.stringify(formatIngredient(parsed))}`;
  expect(sameNumber(again.quantity, parsed.quantity), `${context} quantity ${again.quantity} vs ${parsed.quantity}`).toBe(true);
  expect(sameNumber(again.quantityMax, parsed.quantityMax), `${context} quantityMax`).toBe(true);
  expect(again.unit, `${context} unit`).toBe(parsed.unit);
  expect(again.name, `${context} name`).toBe(parsed.name);
}

describe("formatIngredient", () => {
  it.each<[ParsedIngredient, string]>([
    [{ input: "", quantity: 2.5, quantityMax: null, unit: "cups", name: "flour", preparation: "sifted", comment: null }, "2 1/2 cups flour, sifted"],
    [{ input: "", quantity: 1, quantityMax: null, unit: "cups", name: "milk", preparation: null, comment: null }, "1 cup milk"],
    [{ input: "", quantity: 3, quantityMax: 4, unit: "clove", name: "garlic", preparation: "minced", comment: null }, "3-4 cloves garlic, minced"],
    [{ input: "", quantity: 1, quantityMax: null, unit: "can", name: "tomatoes", preparation: null, comment: "14 oz" }, "1 can tomatoes (14 oz)"],
    [{ input: "", quantity: null, quantityMax: null, unit: null, name: "salt", preparation: null, comment: "to taste" }, "salt (to taste)"],
    [{ input: "", quantity: 1, quantityMax: null, unit: null, name: "onion", preparation: "diced", comment: "large" }, "1 large onion, diced"],
    [{ input: "", quantity: 0.15, quantityMax: null, unit: "kg", name: "rice", preparation: null, comment: null }, "0.15 kg rice"],
  ])("writes %j as %s", (parsed, text) => expect(formatIngredient(parsed)).toBe(text));

  it("writes exact quantities that read back to the same number", () => {
    for (const n of [0, 1, 2.5, 1 / 3, 2 / 3, 1.125, 0.0625, 0.15, 1234.5678, 1e-7]) {
      expect(parseIngredientLine(`${formatExactQuantity(n)} cups flour`).quantity).toBeCloseTo(n, 12);
    }
  });

  it("round-trips the lines of the shared data sets", () => {
    const root = fileURLToPath(new URL("../../data/", import.meta.url));
    const lines: string[] = [];
    if (existsSync(`${root}recipes/recipes.json`)) {
      const recipes = JSON.parse(readFileSync(`${root}recipes/recipes.json`, "utf8")) as { ingredients: { text: string }[] }[];
      for (const recipe of recipes) for (const ingredient of recipe.ingredients) lines.push(ingredient.text);
    }
    lines.push("1 (14 oz) can tomatoes", "Diced half onion", "3 peeled cloves garlic", "~4 small pinches of (Mozzarella, Oaxaca, or Jack cheese).");
    for (const line of lines) expectStableRoundTrip(line);
  });

  it("is idempotent on its own output for arbitrary text (property)", () => {
    fc.assert(fc.property(fc.string({ maxLength: 60, unit: "grapheme" }), expectStableRoundTrip), { numRuns: 3000 });
  });

  it("is idempotent on its own output for ingredient-like text (property)", () => {
    const piece = fc.constantFrom(...LINE_PIECES);
    fc.assert(fc.property(fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(" ")), expectStableRoundTrip), { numRuns: 5000 });
    fc.assert(fc.property(fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")), expectStableRoundTrip), { numRuns: 2000 });
  });
});
