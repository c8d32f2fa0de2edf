// Words for people shared by every page. Seats are indices from 0 in everything the server
// sends (seat, winners, waiting_for, player); people count players from 1, as
// warbench.core.words.player_name does: this is the one place a page turns a seat into words.
"use strict";

// `playerName(0)` is "player 1"; `playerName(0, true)` is "Player 1", to start a sentence.
function playerName(seat, capital) {
  return `${capital ? "Player" : "player"} ${Number(seat) + 1}`;
}
