#!/bin/bash
# Baseline device run (issue 33), session 2026-11-28: main at fc62ed6, binaries carried.
set -u; R=/tmp/o; mkdir -p $R; trap "tar czf $OUT/all.tgz -C /tmp o" EXIT
for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig
export WGPU_BACKEND=vulkan; ls /usr/local/nvidia/share/vulkan/icd.d/ /usr/share/vulkan/icd.d/ /etc/vulkan/icd.d 2>&1 | head; export VK_DRIVER_FILES=$(ls /usr/local/nvidia/share/vulkan/icd.d/*.json /usr/share/vulkan/icd.d/nvidia*.json /etc/vulkan/icd.d/nvidia*.json 2>/dev/null | head -1); echo ICD=$VK_DRIVER_FILES
E=.dev/evoku; chmod +x $E .dev/tests 2>/dev/null
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 ))s] $*"; }
nvidia-smi > $R/nvidia-smi.txt 2>&1; nproc >> $R/nvidia-smi.txt
$E devices > $R/devices.txt 2>&1; grep -q "no GPU" $R/devices.txt && { echo NOGPU; cat $R/devices.txt; exit 3; }
cat $R/devices.txt
el warmup; timeout 30 $E bench --backend gpu --preset paper --sizes 9 --islands 1024 --generations 50 --repetitions 1 --quiet >/dev/null 2>&1
el bench
for p in 9:100 16:40 25:20; do s=${p%%:*}; g=${p#*:}
  timeout 60 $E bench --backend gpu --preset paper --islands 8192 --sizes $s --generations $g --repetitions 2 --json -q > $R/b-paper-$s.json 2>>$R/err.txt; el "bench $s rc=$?"
done
el suite
D=.dev/la
for b in auto cpu; do
  timeout 100 $E suite $D --size 16,25 --per-bucket 3 --backend $b --time-limit 8 -q --export json $R/sla$b.json > /dev/null 2>>$R/err.txt; el "suite la $b rc=$?"
  timeout 45 $E suite puzzles/large/inst36x36_45_0.txt puzzles/large/inst36x36_50_0.txt --backend $b --time-limit 20 --json -q > $R/s-36-$b.json 2>>$R/err.txt; el "suite 36 $b rc=$?"
done
tail -c 3000 $R/err.txt
