#!/bin/bash
# Usage: bench/alternate-profiles.sh <tag> <bench jar A> <bench jar B> <rounds>
# Alternated `profile --spread PT1H --passes 2` runs, A then B, each round: on a machine whose speed
# drifts, only such pairs compare. Logs go to <tag>-<jar>-<round>.log in the current directory.
tag=$1; a=$2; b=$3; n=$4

for i in $(seq 1 $n); do
  for j in $a $b; do
    java -Xmx2g -jar $j profile --spread PT1H --passes 2 > $tag-$(basename $j .jar)-$i.log 2>&1
    echo "$tag $j round $i: $(grep -E '^\| [12] \|' $tag-$(basename $j .jar)-$i.log | tr '\n' ' ')"
  done
done
