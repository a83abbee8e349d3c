#!/usr/bin/env bash
# Makes the short product videos the demo catalogue refers to ("video": "/videos/<slug>.mp4").
#
#   bash scripts/make-videos.sh
#
# Each video is about 3 seconds, 480x480, H.264 without sound: a slow zoom over the product's
# drawn picture (public/images/products/<slug>.svg, made by `npm run images`) with the
# product's name fading in. Needs ffmpeg built with librsvg (Debian's is:
# `apt-get install -y ffmpeg`). The MP4 files are committed, so nothing at start-up needs
# ffmpeg; run this again only when the catalogue's videos or pictures change.
set -euo pipefail

cd "$(dirname "$0")/.."
catalog=scripts/demo-catalog.json
out=public/videos
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

command -v ffmpeg >/dev/null || { echo "make-videos: ffmpeg not found (apt-get install -y ffmpeg)" >&2; exit 1; }

slugs=$(grep -o '"/videos/[a-z0-9-]*\.mp4"' "$catalog" | sed 's|"/videos/||; s|\.mp4"||' | sort -u)
[ -n "$slugs" ] || { echo "make-videos: no videos in $catalog" >&2; exit 1; }

mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for slug in $slugs; do
  svg=public/images/products/$slug.svg
  [ -f "$svg" ] || { echo "make-videos: $svg missing; run npm run images first" >&2; exit 1; }
  # The title of the picture (product name) is the caption.
  title=$(sed -n 's|.*<title>\([^<]*\)</title>.*|\1|p' "$svg" | head -n 1 | sed 's/&amp;/\&/g')

  # Rasterise large so the zoom is smooth.
  ffmpeg -loglevel error -y -width 1440 -height 1440 -i "$svg" -frames:v 1 "$tmp/$slug.png"

  filters="zoompan=z='1+0.10*on/72':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)-40*on/72':d=72:s=480x480:fps=24"
  if [ -f "$font" ]; then
    printf '%s' "$title" > "$tmp/$slug.txt"
    size=$(( 700 / ${#title} )); [ "$size" -gt 24 ] && size=24
    filters="$filters,drawbox=x=0:y=0:w=iw:h=58:color=black@0.45:t=fill:enable='gte(t,0.4)'"
    filters="$filters,drawtext=fontfile=$font:textfile=$tmp/$slug.txt:fontsize=$size:fontcolor=white:x=(w-tw)/2:y=(58-th)/2:alpha='min(1,max(0,(t-0.4)/0.6))'"
  fi
  filters="$filters,fade=t=in:st=0:d=0.3,fade=t=out:st=2.7:d=0.3,format=yuv420p"

  ffmpeg -loglevel error -y -loop 1 -framerate 24 -i "$tmp/$slug.png" -vf "$filters" -t 3 \
    -c:v libx264 -preset veryslow -crf 30 -tune animation -threads 1 -an \
    -movflags +faststart -map_metadata -1 "$out/$slug.mp4"
  echo "make-videos: $out/$slug.mp4 ($(wc -c < "$out/$slug.mp4") bytes)"
done
