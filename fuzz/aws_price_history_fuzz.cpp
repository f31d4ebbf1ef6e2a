// fuzz/aws_price_history_fuzz.cpp — `aws ec2 describe-spot-price-history` output
// (`import aws-price-history`), grouped into series as the import does.
#include "costsim/io/aws_price_history.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(data, size, costsim::fuzz::input_name,
                                       [](const std::string& b, const std::string& n) {
                                           const auto records = costsim::parse_aws_price_history_text(b, n);
                                           (void)costsim::histories(records, n);
                                       });
}
