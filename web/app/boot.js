// The page's first script: it starts the solver's worker at once (solver/early-worker.js), while
// the page's other modules load; app/main.js takes the worker over.
import { startSolver } from "../solver/early-worker.js";

startSolver();
