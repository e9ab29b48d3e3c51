/**
 * The playground page: loads /info and /tasks, then wires the three views (Play, Replay, Connect), switched
 * by the address's #fragment so each can be linked and the browser's back button moves between them.
 */
import "./styles.css";
import { api } from "./api.js";
import { renderQuickStarts } from "./connect.js";
import { byId } from "./dom.js";
import { Play } from "./play.js";
import { Replay } from "./replay.js";
import { initStartForm } from "./start-form.js";

const VIEWS = ["play", "replay", "connect"] as const;
type View = (typeof VIEWS)[number];

function currentView(): View {
  const wanted = location.hash.replace(/^#/, "");
  return (VIEWS as readonly string[]).includes(wanted) ? (wanted as View) : "play";
}

let quickStartsLoaded = false;

function showView(view: View, moveFocus: boolean): void {
  for (const name of VIEWS) byId(`view-${name}`).hidden = name !== view;
  for (const link of document.querySelectorAll<HTMLAnchorElement>("nav.views a[data-view]")) {
    if (link.dataset.view === view) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (view === "connect" && !quickStartsLoaded) {
    quickStartsLoaded = true;
    void renderQuickStarts();
  }
  // After a switch, keyboard and screen-reader users land on the new view's heading.
  if (moveFocus) byId(`${view}-heading`).focus();
}

async function boot(): Promise<void> {
  showView(currentView(), false);
  window.addEventListener("hashchange", () => showView(currentView(), true));
  try {
    const [info, { tasks }] = await Promise.all([api.info(), api.tasks()]);
    const replay = new Replay();
    const play = new Play({
      info,
      hostScenarios: new Set(tasks.flatMap((t) => t.scenarios.filter((s) => s.kind === "host").map((s) => s.scenario_id))),
      openReplay: (trajectory) => {
        location.hash = "#replay";
        replay.open(trajectory);
      },
    });
    initStartForm(tasks, (request) => void play.start(request));
    document.body.dataset.ready = "true";
  } catch (error) {
    const banner = byId("boot-error");
    banner.hidden = false;
    banner.textContent = `The playground could not load the catalogue: ${error instanceof Error ? error.message : String(error)}`;
  }
}

void boot();
