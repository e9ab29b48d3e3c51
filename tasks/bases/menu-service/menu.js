// The week's menu; the server picks today's entry.
const MENU = {
  monday: ["lentil soup", "falafel wrap"],
  tuesday: ["minestrone", "mushroom risotto"],
  wednesday: ["pho", "tofu bowl"],
  thursday: ["gazpacho", "paella"],
  friday: ["chowder", "fish and chips"],
};

function menuFor(day) {
  return MENU[String(day).toLowerCase()] ?? [];
}

module.exports = { MENU, menuFor };
