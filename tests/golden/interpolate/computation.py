import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(position_embedding, feature_map, logits, signal, volume):
  # position_embedding: "cpu f32[16, 8]"
  # feature_map: "cpu f32[2, 3, 4, 5]"
  # logits: "cpu f32[1, 4, 5, 6]"
  # signal: "cpu f32[2, 3, 7]"
  # volume: "cpu f64[1, 2, 3, 4, 6]"
  # patch_pos_embed = position_embedding.reshape(1, 4, 4, dim)
  p = torch.reshape(position_embedding, (1, 4, 4, 8))  # p: "cpu f32[1, 4, 4, 8]"
  # patch_pos_embed = patch_pos_embed.permute(0, 3, 1, 2)
  p_1 = torch.permute(p, (0, 3, 1, 2))  # p_1: "cpu f32[1, 8, 4, 4]"
  # patch_pos_embed = nn.functional.interpolate(patch_pos_embed, size=(height, width), mode='bicubic', align_corners=False)
  p_2 = torch.nn.functional.interpolate(p_1, size=(6, 5), mode='bicubic', align_corners=False)  # p_2: "cpu f32[1, 8, 6, 5]"
  # patch_pos_embed = patch_pos_embed.permute(0, 2, 3, 1).view(1, -1, dim)
  p_3 = torch.permute(p_2, (0, 2, 3, 1))  # p_3: "cpu f32[1, 6, 5, 8]"
  p_4 = torch.Tensor.view(p_3, (1, -1, 8))  # p_4: "cpu f32[1, 30, 8]"
  # up = F.interpolate(feature_map, scale_factor=2.0, mode='nearest')
  up = torch.nn.functional.interpolate(feature_map, scale_factor=2.0, mode='nearest')  # up: "cpu f32[2, 3, 8, 10]"
  # seg = F.interpolate(logits, size=(7, 9), mode='bilinear', align_corners=False)
  seg = torch.nn.functional.interpolate(logits, size=(7, 9), mode='bilinear', align_corners=False)  # seg: "cpu f32[1, 4, 7, 9]"
  # aa = F.interpolate(logits, 3, mode='bilinear', antialias=True)
  aa = torch.nn.functional.interpolate(logits, 3, mode='bilinear', antialias=True)  # aa: "cpu f32[1, 4, 3, 3]"
  # al = F.interpolate(feature_map, None, (1.5, 0.75), mode='bilinear', align_corners=True)
  al = torch.nn.functional.interpolate(feature_map, None, (1.5, 0.75), mode='bilinear', align_corners=True)  # al: "cpu f32[2, 3, 6, 3]"
  # lin = F.interpolate(signal, scale_factor=1.5, mode='linear', recompute_scale_factor=True)
  lin = torch.nn.functional.interpolate(signal, scale_factor=1.5, mode='linear', recompute_scale_factor=True)  # lin: "cpu f32[2, 3, 10]"
  # ne = F.interpolate(signal, 11, mode='nearest-exact')
  ne = torch.nn.functional.interpolate(signal, 11, mode='nearest-exact')  # ne: "cpu f32[2, 3, 11]"
  # vol = F.interpolate(volume, scale_factor=(2, 1, 0.5), mode='trilinear')
  vol = torch.nn.functional.interpolate(volume, scale_factor=(2, 1, 0.5), mode='trilinear')  # vol: "cpu f64[1, 2, 6, 4, 3]"
  # ar = F.interpolate(logits, size=(2, 4), mode='area')
  ar = torch.nn.functional.interpolate(logits, size=(2, 4), mode='area')  # ar: "cpu f32[1, 4, 2, 4]"
  # ar1 = F.interpolate(signal, scale_factor=0.5, mode='area')
  ar1 = torch.nn.functional.interpolate(signal, scale_factor=0.5, mode='area')  # ar1: "cpu f32[2, 3, 3]"
  return (p_4, up, seg, aa, al, lin, ne, vol, ar, ar1)
