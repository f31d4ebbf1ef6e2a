// costsim/models/checkpoint_interval.hpp — how much work to do between checkpoints.
//
// Given the time δ one checkpoint takes and the mean time M between interruptions:
//   Young (1974):  τ = √(2δM), the first-order optimum;
//   Daly (2006):   τ = √(2δM)·[1 + ⅓√(δ/2M) + ⅑(δ/2M)] − δ  for δ < 2M,  τ = M otherwise.
// J. T. Daly, "A higher order estimate of the optimum checkpoint interval for restart
// dumps", Future Generation Computer Systems 22 (2006) 303-312, eq. (20). τ is work
// (compute) time between checkpoints, the scenario's `"every"`. An infinite M (no
// interruptions) gives an infinite interval: never checkpoint.
#pragma once

#include <cmath>
#include <limits>

#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// √(2δM). δ and M must be positive (M may be +infinity); value_error otherwise.
fast_hours young_interval(fast_hours delta, fast_hours mtbi);
/// Daly's higher-order estimate; M when δ >= 2M. Same preconditions as young_interval.
fast_hours daly_interval(fast_hours delta, fast_hours mtbi);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {
inline void check_interval_inputs(fast_hours delta, fast_hours mtbi) {
    if (!(delta.count() > 0.0) || !std::isfinite(delta.count()))
        throw value_error("a positive, finite checkpoint cost");
    if (!(mtbi.count() > 0.0)) throw value_error("a positive mean time between interruptions");
}
}  // namespace detail

inline fast_hours young_interval(fast_hours delta, fast_hours mtbi) {
    detail::check_interval_inputs(delta, mtbi);
    return fast_hours(std::sqrt(2.0 * delta.count() * mtbi.count()));
}

inline fast_hours daly_interval(fast_hours delta, fast_hours mtbi) {
    detail::check_interval_inputs(delta, mtbi);
    const double d = delta.count(), M = mtbi.count();
    if (d >= 2.0 * M) return mtbi;
    if (std::isinf(M)) return mtbi;  // the bracket tends to 1, √(2δM) to infinity
    const double x = d / (2.0 * M);
    return fast_hours(std::sqrt(2.0 * d * M) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - d);
}

}  // namespace costsim
