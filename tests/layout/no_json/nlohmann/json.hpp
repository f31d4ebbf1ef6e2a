// A stand-in for nlohmann/json.hpp, first on the include path of the headers below io/
// (tests/CMakeLists.txt): including the JSON library there is a build error.
#error "a header below include/costsim/io/ includes nlohmann/json: its reader or writer belongs in io/"
