// costsim/core/streams.hpp — every random stream costsim draws from, named in one place.
//
// A Philox stream is keyed by (seed, trial, stream id); a trial's draws depend on nothing
// else, so results do not depend on threads or on the order trials run in. Two uses that
// must not share draws must not share ids; this header is where that is checked by eye.
//
//   id                     stream                                         used by
//   2k                     candidate k's interruptions (and a tick        simulate, plan, validate's
//                          policy's drawn availability)                   prediction (monte_carlo.hpp)
//   2k + 1                 candidate k's spot price path                  idem
//   2^31 + k               candidate k's waits after interruptions        idem
//   2^16 + k               real run's interruptions, candidate k          validate's real runs
//   2^17 + k               real run's restart delays, candidate k         idem
//   2^18 + z               failover zone z's drawn availability           costsim failover
//                                                                         (failover.hpp)
//
// The real runs use trial index = run number, so they are kept apart from the prediction's
// streams by id: 2^16 + k and 2^17 + k are ids of the prediction's candidates 2^15 and
// beyond, which a validate scenario (a handful of candidates) never reaches.
#pragma once

#include <cstdint>

#include "costsim/core/rng.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

namespace streams {
/// Candidate k's interruptions (and a tick policy's drawn availability) in a Monte Carlo trial.
constexpr stream_id events(std::uint32_t k) noexcept { return stream_id(2 * k); }
/// Candidate k's spot price path in a Monte Carlo trial.
constexpr stream_id price(std::uint32_t k) noexcept { return stream_id(2 * k + 1); }
/// Candidate k's restart waits after interruptions in a Monte Carlo trial.
constexpr stream_id waits(std::uint32_t k) noexcept { return stream_id(0x80000000u + k); }
/// The interruptions a validate supervisor deals candidate k's real runs.
constexpr stream_id real_run_events(std::uint32_t k) noexcept { return stream_id(0x10000u + k); }
/// The restart delays a validate supervisor waits between candidate k's real sessions.
constexpr stream_id real_run_waits(std::uint32_t k) noexcept { return stream_id(0x20000u + k); }
/// Zone z's spot availability in a failover study's Monte Carlo trial (shared by every
/// policy of the study: their differences are paired).
constexpr stream_id failover_zone(std::uint32_t z) noexcept { return stream_id(0x40000u + z); }
}  // namespace streams

}  // namespace costsim
