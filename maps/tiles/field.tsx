<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="field" tilewidth="32" tileheight="32" spacing="2" margin="1" tilecount="12" columns="4">
 <image source="field-tiles.png" trans="ff00ff" width="136" height="102"/>
 <!-- tile 4 is the road; the map turns it with Tiled's flip flags -->
 <tile id="4" type="road"/>
</tileset>
