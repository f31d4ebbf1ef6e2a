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
