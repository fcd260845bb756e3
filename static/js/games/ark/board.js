// The board of ark: the shared tile board (games/tiles/board.js) with this game's tiles and icons.

import { createTileBoard, prepareTileBoard } from "../tiles/board.js";

export function createBoard(root, boardData, api) {
  return createTileBoard(root, boardData, api, { game: "ark" });
}

/** Called by the shell before createBoard: the tiles on the board worked out without a long task. */
export function prepare(boardData, payload) {
  return prepareTileBoard(boardData, payload, "ark");
}
