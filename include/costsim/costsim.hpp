// costsim/costsim.hpp — the umbrella header: everything a planning tool needs.
//
// Lower layers first; each header also compiles alone.
#pragma once

#include "costsim/error.hpp"
#include "costsim/decimal.hpp"
#include "costsim/duration.hpp"
#include "costsim/money.hpp"
#include "costsim/price.hpp"
#include "costsim/calendar.hpp"
#include "costsim/billing.hpp"
#include "costsim/offer.hpp"
#include "costsim/json_input.hpp"
#include "costsim/catalog.hpp"
#include "costsim/invoice.hpp"
#include "costsim/rank.hpp"
#include "costsim/fast_units.hpp"
#include "costsim/rng.hpp"
#include "costsim/stats.hpp"
#include "costsim/interruptions.hpp"
#include "costsim/restart.hpp"
#include "costsim/checkpoint_interval.hpp"
#include "costsim/spot_price.hpp"
#include "costsim/scenario.hpp"
#include "costsim/trial.hpp"
#include "costsim/monte_carlo.hpp"
