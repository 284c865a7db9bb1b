import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(vision_class_embedding, patch_embedding_weight, vision_position_embedding, conv1_bias, conv1_weight, conv2_bias, conv2_weight, pixel_values, input_features, image, dw_weight, video, patch_weight, signal, kernel):
  # vision_class_embedding: "cpu f32[16]"
  # patch_embedding_weight: "cpu f32[16, 3, 4, 4]"
  # vision_position_embedding: "cpu f32[5, 16]"
  # conv1_bias: "cpu f32[8]"
  # conv1_weight: "cpu f32[8, 6, 3]"
  # conv2_bias: "cpu f32[8]"
  # conv2_weight: "cpu f32[8, 8, 3]"
  # pixel_values: "cpu f32[2, 3, 8, 8]"
  # input_features: "cpu f32[2, 6, 10]"
  # image: "cpu f32[4, 6, 5]"
  # dw_weight: "cpu f32[4, 1, 3, 2]"
  # video: "cpu f64[1, 3, 4, 8, 8]"
  # patch_weight: "cpu f64[5, 3, 2, 4, 4]"
  # signal: "cpu f32[2, 9]"
  # kernel: "cpu f32[1, 2, 2]"
  # patch_embeds = self.patch_embedding(pixel_values)
  patch_embeds = torch.nn.functional.conv2d(pixel_values, patch_embedding_weight, None, (4, 4), (0, 0), (1, 1), 1)  # patch_embeds: "cpu f32[2, 16, 2, 2]"
  # patch_embeds = patch_embeds.flatten(2).transpose(1, 2)
  flat = torch.flatten(patch_embeds, 2)  # flat: "cpu f32[2, 16, 4]"
  patch_embeds_1 = torch.transpose(flat, 1, 2)  # patch_embeds_1: "cpu f32[2, 4, 16]"
  # class_embeds = self.class_embedding.expand(batch_size, 1, -1)
  class_embeds = torch.Tensor.expand(vision_class_embedding, (2, 1, -1))  # class_embeds: "cpu f32[2, 1, 16]"
  # embeddings = torch.cat([class_embeds, patch_embeds], dim=1)
  embeddings = torch.cat([class_embeds, patch_embeds_1], dim=1)  # embeddings: "cpu f32[2, 5, 16]"
  # embeddings = embeddings + self.position_embedding
  embeddings_1 = torch.add(embeddings, vision_position_embedding)  # embeddings_1: "cpu f32[2, 5, 16]"
  # inputs_embeds = F.gelu(self.conv1(input_features))
  h = torch.nn.functional.conv1d(input_features, conv1_weight, conv1_bias, (1,), (1,), (1,), 1)  # h: "cpu f32[2, 8, 10]"
  h_1 = torch.nn.functional.gelu(h)  # h_1: "cpu f32[2, 8, 10]"
  # inputs_embeds = F.gelu(self.conv2(inputs_embeds))
  h_2 = torch.nn.functional.conv1d(h_1, conv2_weight, conv2_bias, (2,), (1,), (1,), 1)  # h_2: "cpu f32[2, 8, 5]"
  h_3 = torch.nn.functional.gelu(h_2)  # h_3: "cpu f32[2, 8, 5]"
  # inputs_embeds = inputs_embeds.permute(0, 2, 1)
  h_4 = torch.permute(h_3, (0, 2, 1))  # h_4: "cpu f32[2, 5, 8]"
  # dw = F.conv2d(image, dw_weight, padding='same', groups=4)
  dw = torch.nn.functional.conv2d(image, dw_weight, padding='same', groups=4)  # dw: "cpu f32[4, 6, 5]"
  # dil = F.conv2d(image, dw_weight, None, 1, 'same', 2, 4)
  dil = torch.nn.functional.conv2d(image, dw_weight, None, 1, 'same', 2, 4)  # dil: "cpu f32[4, 6, 5]"
  # vid = F.conv3d(video, patch_weight, stride=[2, 4, 4])
  vid = torch.nn.functional.conv3d(video, patch_weight, stride=(2, 4, 4))  # vid: "cpu f64[1, 5, 2, 2, 2]"
  # sig = torch.conv1d(signal, kernel, padding='valid', dilation=[3])
  sig = torch.nn.functional.conv1d(signal, kernel, padding='valid', dilation=(3,))  # sig: "cpu f32[1, 6]"
  return (embeddings_1, h_4, dw, dil, vid, sig)
