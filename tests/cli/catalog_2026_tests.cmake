# Today's GPUs and list prices (issue 16, item 3): the dated 2026 catalog is the bundled SkyPilot
# rows run through `costsim import skypilot`, byte for byte, so the committed file cannot go
# stale; and the bundled 2026 scenario plans on it. Included after cli_tests.cmake (which
# defines costsim_cli_test).
set(skypilot_rows ${PROJECT_SOURCE_DIR}/pricing_data/skypilot-catalog-v7)
# The same command as pricing_data/README.md gives (the source text is the catalog's "source").
set(gpu_cloud_2026_source "SkyPilot catalog v7, GPU rows: github.com/skypilot-org/skypilot-catalog, catalogs/v7/aws/vms.csv (us-east-1, us-west-2 and eu-west-1, per availability zone), catalogs/v7/lambda/vms.csv and catalogs/v7/runpod/vms.csv (Apache-2.0), bundled unchanged as pricing_data/skypilot-catalog-v7/{aws,lambda,runpod}_gpu_vms.csv in costsim commit 0aae585 (2026-12-03). The SkyPilot commit they were taken from was not recorded with them, so as_of is that bundling date: the prices are SkyPilot's list prices on or before it. Rebuilt by costsim import skypilot aws=... lambda=... runpod=... (pricing_data/README.md).")
costsim_cli_test("import skypilot of the bundled AWS, Lambda and Runpod rows reproduces pricing_data/gpu_cloud_2026.json byte for byte" EXIT 0
  OUT_FILE ${PROJECT_SOURCE_DIR}/pricing_data/gpu_cloud_2026.json
  ARGS import skypilot aws=${skypilot_rows}/aws_gpu_vms.csv lambda=${skypilot_rows}/lambda_gpu_vms.csv
       runpod=${skypilot_rows}/runpod_gpu_vms.csv --as-of 2026-12-03 --name gpu-cloud-2026 --source "${gpu_cloud_2026_source}")
costsim_cli_test("plan on the 2026 fine-tuning scenario ranks today's GPUs, excludes the 16 GB ones and recommends one" EXIT 0
  OUT_RE "finetune-7b-2026 — [0-9]+ rows.* (aws|lambda|runpod)/[^ ]+ +[0-9]+ +(on-demand|spot)[^\n]*R\n.*left out:.*g4dn\\.xlarge[^\n]*the job needs 20 GiB of GPU memory. T4 has 16 GiB.*Recommendation: [^ ]+ (on_demand|spot)"
  ARGS plan ${PROJECT_SOURCE_DIR}/scenarios/finetune_7b_2026.json)
# "Plans in under a second" (0.2 s on the 2-core dev VM); the limit only catches a gross slowdown.
set_tests_properties("cli: plan on the 2026 fine-tuning scenario ranks today's GPUs, excludes the 16 GB ones and recommends one"
  PROPERTIES TIMEOUT 30)

# Quick mode answers realistic questions ("N hours on GPU X: the cheapest offer and its cost")
# as an independent reading of the SkyPilot rows does (tests/cli/quick_answers.py).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME "cli: quick-mode plans name the cheapest offer and cost that the SkyPilot rows give"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/quick_answers.py $<TARGET_FILE:costsim_cli>
                   ${PROJECT_SOURCE_DIR})
endif()
