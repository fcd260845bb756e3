// The board of carcassonne: the shared tile board (games/tiles/board.js) with this game's tiles and icons.

import { createTileBoard } from "../tiles/board.js";

export function createBoard(root, boardData, api) {
  return createTileBoard(root, boardData, api, { game: "carcassonne" });
}
