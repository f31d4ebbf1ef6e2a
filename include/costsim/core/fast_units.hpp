// costsim/core/fast_units.hpp — the Monte Carlo fast representation of money, prices and rates.
//
// The exact billing engine works on decimal money (money.hpp); the simulation inner loop
// works on doubles for speed. These types keep the doubles unit-carrying so that the only
// mixes that compile are the dimensionally sound ones:
//
//     fast_price_per_hour * fast_hours         -> fast_money   (either order)
//     fast_money / fast_hours                  -> fast_price_per_hour
//     fast_money / fast_price_per_hour         -> fast_hours
//     hazard * fast_hours  (expected_events)   -> a count (dimensionless double)
//
// Same-type +, -, comparisons, and scaling by a dimensionless double are allowed; a ratio
// of two amounts of the same type is a dimensionless double. Nothing converts implicitly
// from or to double. Times are `fast_hours` (duration.hpp). These types carry no currency:
// the engine converts once, at its edge, from the exact `money` of one currency.
#pragma once

#include <cmath>
#include <compare>
#include <limits>
#include <string>

#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// An amount of money in the campaign's currency, as a double (fast path only).
class fast_money {
public:
    constexpr fast_money() noexcept = default;  // zero
    constexpr explicit fast_money(double amount) noexcept : v_(amount) {}
    constexpr double value() const noexcept { return v_; }

    constexpr fast_money& operator+=(fast_money o) noexcept {
        v_ += o.v_;
        return *this;
    }
    constexpr fast_money& operator-=(fast_money o) noexcept {
        v_ -= o.v_;
        return *this;
    }
    constexpr fast_money& operator*=(double k) noexcept {
        v_ *= k;
        return *this;
    }
    constexpr fast_money& operator/=(double k) noexcept {
        v_ /= k;
        return *this;
    }

    friend constexpr fast_money operator+(fast_money a, fast_money b) noexcept { return a += b; }
    friend constexpr fast_money operator-(fast_money a, fast_money b) noexcept { return a -= b; }
    friend constexpr fast_money operator-(fast_money a) noexcept { return fast_money(-a.v_); }
    friend constexpr fast_money operator*(fast_money a, double k) noexcept { return a *= k; }
    friend constexpr fast_money operator*(double k, fast_money a) noexcept { return a *= k; }
    friend constexpr fast_money operator/(fast_money a, double k) noexcept { return a /= k; }
    friend constexpr double operator/(fast_money a, fast_money b) noexcept { return a.v_ / b.v_; }
    friend constexpr auto operator<=>(const fast_money&, const fast_money&) noexcept = default;

private:
    double v_ = 0.0;
};

/// A price per hour of running time in the campaign's currency (fast path only).
class fast_price_per_hour {
public:
    constexpr fast_price_per_hour() noexcept = default;  // free
    constexpr explicit fast_price_per_hour(double per_hour) noexcept : v_(per_hour) {}
    constexpr double value() const noexcept { return v_; }  // currency units per hour

    constexpr fast_price_per_hour& operator+=(fast_price_per_hour o) noexcept {
        v_ += o.v_;
        return *this;
    }
    constexpr fast_price_per_hour& operator-=(fast_price_per_hour o) noexcept {
        v_ -= o.v_;
        return *this;
    }
    constexpr fast_price_per_hour& operator*=(double k) noexcept {
        v_ *= k;
        return *this;
    }
    constexpr fast_price_per_hour& operator/=(double k) noexcept {
        v_ /= k;
        return *this;
    }

    friend constexpr fast_price_per_hour operator+(fast_price_per_hour a, fast_price_per_hour b) noexcept {
        return a += b;
    }
    friend constexpr fast_price_per_hour operator-(fast_price_per_hour a, fast_price_per_hour b) noexcept {
        return a -= b;
    }
    friend constexpr fast_price_per_hour operator-(fast_price_per_hour a) noexcept {
        return fast_price_per_hour(-a.v_);
    }
    friend constexpr fast_price_per_hour operator*(fast_price_per_hour a, double k) noexcept { return a *= k; }
    friend constexpr fast_price_per_hour operator*(double k, fast_price_per_hour a) noexcept { return a *= k; }
    friend constexpr fast_price_per_hour operator/(fast_price_per_hour a, double k) noexcept { return a /= k; }
    friend constexpr double operator/(fast_price_per_hour a, fast_price_per_hour b) noexcept { return a.v_ / b.v_; }
    friend constexpr auto operator<=>(const fast_price_per_hour&, const fast_price_per_hour&) noexcept = default;

private:
    double v_ = 0.0;
};

constexpr fast_money operator*(fast_price_per_hour p, fast_hours t) noexcept;
constexpr fast_money operator*(fast_hours t, fast_price_per_hour p) noexcept;
constexpr fast_price_per_hour operator/(fast_money m, fast_hours t) noexcept;
constexpr fast_hours operator/(fast_money m, fast_price_per_hour p) noexcept;

/// The rate of a Poisson process of events per hour of running time (an interruption
/// hazard, a jump intensity). Non-negative and finite; zero means "never".
class hazard {
public:
    constexpr hazard() noexcept = default;  // zero: no events
    /// Throws value_error unless per_hour is finite and >= 0.
    constexpr explicit hazard(double per_hour) : v_(checked(per_hour)) {}
    /// The hazard whose mean time between events is `mean` (> 0; infinity gives zero).
    static hazard from_mean(fast_hours mean);

    constexpr double per_hour() const noexcept { return v_; }
    /// 1/λ; +infinity hours for a zero hazard.
    fast_hours mean_time_between() const noexcept;
    /// λ·t, the expected number of events in t (a dimensionless count).
    constexpr double expected_events(fast_hours t) const noexcept { return v_ * t.count(); }

    friend constexpr auto operator<=>(const hazard&, const hazard&) noexcept = default;

private:
    static constexpr double checked(double x) {
        if (!(x >= 0.0) || x == std::numeric_limits<double>::infinity())
            throw value_error("a finite, non-negative rate per hour");
        return x;
    }
    double v_ = 0.0;
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

constexpr fast_money operator*(fast_price_per_hour p, fast_hours t) noexcept {
    return fast_money(p.value() * t.count());
}
constexpr fast_money operator*(fast_hours t, fast_price_per_hour p) noexcept { return p * t; }
constexpr fast_price_per_hour operator/(fast_money m, fast_hours t) noexcept {
    return fast_price_per_hour(m.value() / t.count());
}
constexpr fast_hours operator/(fast_money m, fast_price_per_hour p) noexcept {
    return fast_hours(m.value() / p.value());
}

inline hazard hazard::from_mean(fast_hours mean) {
    if (!(mean.count() > 0.0)) throw value_error("a positive mean time between events");
    return hazard(1.0 / mean.count());  // 1/inf = 0: an infinite mean is a zero hazard
}

inline fast_hours hazard::mean_time_between() const noexcept {
    return v_ == 0.0 ? fast_hours(std::numeric_limits<double>::infinity()) : fast_hours(1.0 / v_);
}

}  // namespace costsim
