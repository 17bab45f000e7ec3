<?xml version="1.0" encoding="UTF-8"?>
<tileset name="broken" tilewidth="32" tileheight="32">
 <image source="x.png" width="64 height="64"/>
</tileset>
