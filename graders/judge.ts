/** The grader as the episode engine's judge: the one assessment and score formula every episode uses. */
import type { Judge } from "../environment/judge.js";
import { assess } from "./assess.js";
import { gradeEpisodeState } from "./breakdown.js";

export const JUDGE: Judge = { assess, score: gradeEpisodeState };
