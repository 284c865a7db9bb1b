import torch
from thunderc_support import check_keys, check_len, check_none, check_number_type_and_value, check_string_value, check_tensor_metadata, check_type, no_autocast
from app.audio import AudioStem as app_audio_AudioStem
from app.vision import VisionEmbeddings as app_vision_VisionEmbeddings

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 10)
  p0: "<class 'app.vision.VisionEmbeddings'>" = args[0]
  check_type(p0, app_vision_VisionEmbeddings)
  vision_class_embedding: "cpu f32[16]" = p0.class_embedding
  check_tensor_metadata(vision_class_embedding, (16,), 'cpu', torch.float32, True)
  p1: "<class 'torch.nn.Conv2d'>" = p0.patch_embedding
  check_type(p1, torch.nn.Conv2d)
  p2: "None" = p1.bias
  check_none(p2)
  p3: "Any" = p1.dilation
  check_len(p3, 2)
  i4: "int 1" = p3[0]
  check_number_type_and_value(i4, 1)
  i5: "int 1" = p3[1]
  check_number_type_and_value(i5, 1)
  i6: "int 1" = p1.groups
  check_number_type_and_value(i6, 1)
  p7: "Any" = p1.padding
  check_len(p7, 2)
  i8: "int 0" = p7[0]
  check_number_type_and_value(i8, 0)
  i9: "int 0" = p7[1]
  check_number_type_and_value(i9, 0)
  s10: "str" = p1.padding_mode
  check_string_value(s10, 'zeros')
  p11: "Any" = p1.stride
  check_len(p11, 2)
  i12: "int 4" = p11[0]
  check_number_type_and_value(i12, 4)
  i13: "int 4" = p11[1]
  check_number_type_and_value(i13, 4)
  patch_embedding_weight: "cpu f32[16, 3, 4, 4]" = p1.weight
  check_tensor_metadata(patch_embedding_weight, (16, 3, 4, 4), 'cpu', torch.float32, True)
  vision_position_embedding: "cpu f32[5, 16]" = p0.position_embedding
  check_tensor_metadata(vision_position_embedding, (5, 16), 'cpu', torch.float32, True)
  p14: "<class 'app.audio.AudioStem'>" = args[1]
  check_type(p14, app_audio_AudioStem)
  p15: "<class 'torch.nn.Conv1d'>" = p14.conv1
  check_type(p15, torch.nn.Conv1d)
  conv1_bias: "cpu f32[8]" = p15.bias
  check_tensor_metadata(conv1_bias, (8,), 'cpu', torch.float32, True)
  p16: "Any" = p15.dilation
  check_len(p16, 1)
  i17: "int 1" = p16[0]
  check_number_type_and_value(i17, 1)
  i18: "int 1" = p15.groups
  check_number_type_and_value(i18, 1)
  p19: "Any" = p15.padding
  check_len(p19, 1)
  i20: "int 1" = p19[0]
  check_number_type_and_value(i20, 1)
  s21: "str" = p15.padding_mode
  check_string_value(s21, 'zeros')
  p22: "Any" = p15.stride
  check_len(p22, 1)
  i23: "int 1" = p22[0]
  check_number_type_and_value(i23, 1)
  conv1_weight: "cpu f32[8, 6, 3]" = p15.weight
  check_tensor_metadata(conv1_weight, (8, 6, 3), 'cpu', torch.float32, True)
  p24: "<class 'torch.nn.Conv1d'>" = p14.conv2
  check_type(p24, torch.nn.Conv1d)
  conv2_bias: "cpu f32[8]" = p24.bias
  check_tensor_metadata(conv2_bias, (8,), 'cpu', torch.float32, True)
  p25: "Any" = p24.dilation
  check_len(p25, 1)
  i26: "int 1" = p25[0]
  check_number_type_and_value(i26, 1)
  i27: "int 1" = p24.groups
  check_number_type_and_value(i27, 1)
  p28: "Any" = p24.padding
  check_len(p28, 1)
  i29: "int 1" = p28[0]
  check_number_type_and_value(i29, 1)
  s30: "str" = p24.padding_mode
  check_string_value(s30, 'zeros')
  p31: "Any" = p24.stride
  check_len(p31, 1)
  i32: "int 2" = p31[0]
  check_number_type_and_value(i32, 2)
  conv2_weight: "cpu f32[8, 8, 3]" = p24.weight
  check_tensor_metadata(conv2_weight, (8, 8, 3), 'cpu', torch.float32, True)
  pixel_values: "cpu f32[2, 3, 8, 8]" = args[2]
  check_tensor_metadata(pixel_values, (2, 3, 8, 8), 'cpu', torch.float32, False)
  input_features: "cpu f32[2, 6, 10]" = args[3]
  check_tensor_metadata(input_features, (2, 6, 10), 'cpu', torch.float32, False)
  image: "cpu f32[4, 6, 5]" = args[4]
  check_tensor_metadata(image, (4, 6, 5), 'cpu', torch.float32, False)
  dw_weight: "cpu f32[4, 1, 3, 2]" = args[5]
  check_tensor_metadata(dw_weight, (4, 1, 3, 2), 'cpu', torch.float32, False)
  video: "cpu f64[1, 3, 4, 8, 8]" = args[6]
  check_tensor_metadata(video, (1, 3, 4, 8, 8), 'cpu', torch.float64, False)
  patch_weight: "cpu f64[5, 3, 2, 4, 4]" = args[7]
  check_tensor_metadata(patch_weight, (5, 3, 2, 4, 4), 'cpu', torch.float64, False)
  signal: "cpu f32[2, 9]" = args[8]
  check_tensor_metadata(signal, (2, 9), 'cpu', torch.float32, False)
  kernel: "cpu f32[1, 2, 2]" = args[9]
  check_tensor_metadata(kernel, (1, 2, 2), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((vision_class_embedding, patch_embedding_weight, vision_position_embedding, conv1_bias, conv1_weight, conv2_bias, conv2_weight, pixel_values, input_features, image, dw_weight, video, patch_weight, signal, kernel), ())
